// The demo study's four questionnaires (initial, final, per way, per leg); together they use every question type.
// Questionnaires 100, 200, 300, 400 with sections of the same id; questions 101… (100), 201… (200) and so on.
import type { QuestionnaireInput } from '~/services/schemas/campaign-file'
import { listed, matrix, meta, section, single, t } from './questions'

const SATISFACTION = [
  t('sehr zufrieden', 'very satisfied'),
  t('eher zufrieden', 'fairly satisfied'),
  t('eher unzufrieden', 'fairly dissatisfied'),
  t('sehr unzufrieden', 'very dissatisfied'),
]

export function initialQuestionnaire(from: string, until: string): QuestionnaireInput {
  return {
    id: 100,
    type: 'INITIAL',
    mandatory: true,
    showProg: true,
    availFrom: from,
    availUntil: until,
    section: section(100, [
      single(
        101,
        'INT_NO_INPUT',
        t(
          'Wie viele Personen leben in Ihrem Haushalt (Sie eingeschlossen)?',
          'How many people live in your household (including you)?',
        ),
        {
          mandatory: true,
          min: 1,
          max: 15,
          unit: t('Personen', 'people'),
        },
      ),
      listed(
        102,
        'SINGLE_CHOICE',
        t('Steht Ihrem Haushalt ein Auto zur Verfügung?', 'Does your household have a car available?'),
        [
          ['Ja, ständig', 'Yes, always'],
          ['Ja, gelegentlich (z. B. Carsharing)', 'Yes, occasionally (e.g. car sharing)'],
          ['Nein', 'No'],
        ],
        {
          mandatory: true,
          alignment: 'VERTICAL',
          // Only households with a car are asked how many they have.
          filter: {
            boolExpDefs: [{ codes: [10201] }, { codes: [10202] }],
            section: section(150, [
              single(
                111,
                'INT_NO_INPUT',
                t('Wie viele Autos nutzt Ihr Haushalt?', 'How many cars does your household use?'),
                {
                  mandatory: true,
                  min: 1,
                  max: 10,
                  unit: t('Autos', 'cars'),
                },
              ),
            ]),
          },
        },
      ),
      listed(
        103,
        'MULTIPLE_CHOICE',
        t(
          'Welche Verkehrsmittel nutzen Sie mindestens einmal pro Woche?',
          'Which modes of transport do you use at least once a week?',
        ),
        [
          ['Zu Fuß (mehr als 10 Minuten am Stück)', 'Walking (more than 10 minutes at a time)'],
          ['Fahrrad', 'Bicycle'],
          ['E-Scooter', 'E-scooter'],
          ['Bus', 'Bus'],
          ['U-Bahn, S-Bahn oder Tram', 'Underground, suburban train or tram'],
          ['Auto', 'Car'],
          ['Keines davon', 'None of these', { exclOpt: true }],
        ],
        { mandatory: true, max: 3, hintTxt: t('Höchstens drei Angaben.', 'Up to three answers.') },
      ),
      matrix(
        104,
        'SINGLE_CHOICE_MATRIX',
        t('Wie zufrieden sind Sie in Ihrem Wohnumfeld mit …', 'In your neighbourhood, how satisfied are you with …'),
        [
          t('dem öffentlichen Nahverkehr', 'public transport'),
          t('den Radwegen', 'the cycle paths'),
          t('den Gehwegen', 'the footpaths'),
        ],
        SATISFACTION,
        { alignment: 'HORIZONTAL' },
      ),
      listed(
        105,
        'CONSTANT_SUM_INPUT',
        t(
          'Wie verteilen sich Ihre Wege in einer typischen Woche auf die Verkehrsmittel?',
          'How do your trips in a typical week split across modes of transport?',
        ),
        [
          ['Zu Fuß', 'Walking'],
          ['Fahrrad oder E-Scooter', 'Bicycle or e-scooter'],
          ['Öffentlicher Verkehr', 'Public transport'],
          ['Auto', 'Car'],
        ],
        {
          min: 0,
          max: 100,
          metaDataRecs: meta({ unit: '%', maximum_sum: 100, interval: 5 }),
          hintTxt: t('Zusammen höchstens 100 %.', 'At most 100 % in total.'),
        },
      ),
      single(
        106,
        'FLOATING_NO_INPUT',
        t(
          'Wie weit ist die nächste Haltestelle von Ihrer Wohnung entfernt?',
          'How far is the nearest public transport stop from your home?',
        ),
        {
          min: 0,
          max: 20,
          metaDataRecs: meta({ unit: 'km' }),
          unit: t('km', 'km'),
          helpTxt: t('Eine Schätzung genügt, z. B. 0,4.', 'An estimate is fine, e.g. 0.4.'),
        },
      ),
      single(
        107,
        'DATE',
        t('Seit wann wohnen Sie an Ihrer jetzigen Adresse?', 'Since when have you lived at your current address?'),
        {
          helpTxt: t('Ein ungefähres Datum genügt.', 'An approximate date is fine.'),
        },
      ),
      single(
        108,
        'SINGLE_LOCATOR',
        t('Bitte markieren Sie Ihre Wohnung auf der Karte.', 'Please mark your home on the map.'),
        {
          helpTxt: t(
            'Ein Punkt in der Nähe genügt; die Lage wird nur pseudonymisiert ausgewertet.',
            'A point nearby is enough; the location is only analysed under a pseudonym.',
          ),
        },
      ),
      listed(
        109,
        'MULTIPLE_LOCATOR',
        t('Wo liegen Ihre wichtigsten Ziele?', 'Where are your most important destinations?'),
        [
          ['Arbeits- oder Ausbildungsort', 'Place of work or education'],
          ['Wichtigster Einkaufsort', 'Main shopping place'],
          ['Wichtigster Freizeitort', 'Main leisure place'],
        ],
      ),
      listed(
        110,
        'MULTIPLE_ROW_TEXT',
        t('Angaben zu Ihrer Tätigkeit', 'About your occupation'),
        [
          ['Beruf', 'Occupation'],
          ['Branche', 'Industry'],
        ],
        { max: 60 },
      ),
    ]),
  }
}

export function finalQuestionnaire(from: string, until: string): QuestionnaireInput {
  return {
    id: 200,
    type: 'FINAL',
    mandatory: false,
    showProg: true,
    availFrom: from,
    availUntil: until,
    section: section(200, [
      single(
        201,
        'SINGLE_NUM_SLIDER',
        t(
          'Wie zufrieden waren Sie insgesamt mit dem Wegetagebuch?',
          'Overall, how satisfied were you with the travel diary?',
        ),
        {
          mandatory: true,
          min: 0,
          max: 10,
          metaDataRecs: meta({ interval: 1 }),
          hintTxt: t('0 = gar nicht, 10 = voll und ganz', '0 = not at all, 10 = completely'),
        },
      ),
      listed(
        202,
        'MULTIPLE_NUM_SLIDER',
        t('Wie sehr stimmen Sie den folgenden Aussagen zu?', 'How much do you agree with the following statements?'),
        [
          ['Meine Wege wurden zuverlässig erkannt.', 'My trips were detected reliably.'],
          ['Das Bestätigen der Wege war einfach.', 'Confirming my trips was easy.'],
          ['Die Studie hat mich über meine Mobilität nachdenken lassen.', 'The study made me think about my mobility.'],
        ],
        { min: 0, max: 100, metaDataRecs: meta({ unit: '%', interval: 10 }) },
      ),
      matrix(
        203,
        'MULTIPLE_CHOICE_MATRIX',
        t(
          'In welchen Jahreszeiten nutzen Sie diese Verkehrsmittel?',
          'In which seasons do you use these modes of transport?',
        ),
        [t('Fahrrad', 'Bicycle'), t('E-Scooter', 'E-scooter'), t('Auto', 'Car')],
        [t('Frühling', 'Spring'), t('Sommer', 'Summer'), t('Herbst', 'Autumn'), t('Winter', 'Winter')],
      ),
      single(
        204,
        'DATE_TIME',
        t('Wann haben Sie zuletzt ein Carsharing-Fahrzeug genutzt?', 'When did you last use a car-sharing vehicle?'),
        {
          helpTxt: t('Falls noch nie, lassen Sie die Frage leer.', 'If never, leave this question empty.'),
        },
      ),
      single(
        207,
        'DURATION',
        t(
          'Wie lange sind Sie an einem gewöhnlichen Werktag insgesamt unterwegs?',
          'On a normal weekday, how long do you spend travelling in total?',
        ),
        { max: 600, hintTxt: t('Alle Wege zusammen, von Tür zu Tür.', 'All your trips together, door to door.') },
      ),
      listed(
        205,
        'DRAG_RAT',
        t('Ordnen Sie die Verkehrsmittel nach Ihrer Vorliebe.', 'Rank the modes of transport by preference.'),
        [
          ['Zu Fuß', 'Walking'],
          ['Fahrrad', 'Bicycle'],
          ['Öffentlicher Verkehr', 'Public transport'],
          ['Auto', 'Car'],
        ],
      ),
      single(
        206,
        'TEXT',
        t('Haben Sie Anmerkungen zur Studie oder zur App?', 'Do you have any comments on the study or the app?'),
        { max: 1000 },
      ),
    ]),
  }
}

export function tripQuestionnaire(): QuestionnaireInput {
  return {
    id: 300,
    type: 'TRIP_BASED',
    mandatory: true,
    showProg: false,
    section: section(300, [
      listed(
        301,
        'SINGLE_CHOICE',
        t(
          'Mit wie vielen Personen waren Sie auf diesem Weg unterwegs?',
          'How many people did you travel with on this trip?',
        ),
        [
          ['Allein', 'Alone'],
          ['Mit einer Person', 'With one person'],
          ['Mit zwei oder mehr Personen', 'With two or more people'],
        ],
        { mandatory: true },
      ),
      single(
        302,
        'TIME',
        t('Zu welcher Uhrzeit wären Sie idealerweise aufgebrochen?', 'At what time would you ideally have set off?'),
      ),
      single(
        303,
        'SINGLE_ROW_TEXT',
        t('Gab es einen besonderen Anlass für diesen Weg?', 'Was there a particular reason for this trip?'),
        { max: 100 },
      ),
    ]),
  }
}

export function legQuestionnaire(): QuestionnaireInput {
  return {
    id: 400,
    type: 'LEG_BASED',
    tfcModes: [], // every mode
    mandatory: true,
    showProg: false,
    // No applyResps: the copy-to-later-legs prompt is offered unless a questionnaire opts out.
    section: section(400, [
      listed(
        401,
        'SINGLE_CHOICE',
        t('Wie angenehm war diese Etappe?', 'How pleasant was this leg?'),
        [
          ['Sehr angenehm', 'Very pleasant'],
          ['Eher angenehm', 'Fairly pleasant'],
          ['Eher unangenehm', 'Fairly unpleasant'],
          ['Sehr unangenehm', 'Very unpleasant'],
        ],
        { mandatory: true },
      ),
      single(
        402,
        'INT_NO_INPUT',
        t(
          'Wie viele Minuten haben Sie auf dieser Etappe gewartet (z. B. an Haltestellen oder Ampeln)?',
          'How many minutes did you wait on this leg (e.g. at stops or traffic lights)?',
        ),
        { min: 0, max: 120, metaDataRecs: meta({ unit: 'min' }), unit: t('Minuten', 'minutes') },
      ),
      listed(
        403,
        'MULTIPLE_CHOICE',
        t('Was hat Sie auf dieser Etappe gestört?', 'What bothered you on this leg?'),
        [
          ['Verspätung', 'Delay'],
          ['Gedränge', 'Crowding'],
          ['Verkehr', 'Traffic'],
          ['Wetter', 'Weather'],
          ['Nichts', 'Nothing', { exclOpt: true }],
        ],
        { max: 2, hintTxt: t('Höchstens zwei Angaben.', 'Up to two answers.') },
      ),
    ]),
  }
}
