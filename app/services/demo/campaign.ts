// The demo campaign 'Mobil in Berlin 2026' as a campaign file (schemas/campaign.schema.json), built in TypeScript so
// its dates follow the seed time and the compiler checks it against the file format. Its four questionnaires
// together use every question type, laid out by the shape convention of campaign-file.ts.
//
// Id scheme (ids of the file are kept, so they must not collide with another campaign's): questionnaires 100, 200,
// 300, 400 with sections of the same id; questions 101… (100), 201… (200) and so on; a question's sub-questions
// are question id × 10 + row, its answer options question id × 100 + n (matrix: question id × 100 + row × 10 + column).
import type { CampaignFileInput, QuestionInput, QuestionnaireInput } from '~/services/schemas/campaign-file'
import type { QuestionType } from '~/domain/questionnaire'

type T = { de_DE: string; en_US: string }
const t = (de_DE: string, en_US: string): T => ({ de_DE, en_US })

type Opt = [de: string, en: string, extra?: { exclOpt?: boolean; subseqTxt?: T }]
type Extra = Omit<Partial<QuestionInput>, 'id' | 'type' | 'subQuestions'>

/** Single-value types: one sub-question with one answer option. */
function single(id: number, type: QuestionType, intro: T, extra: Extra & { unit?: T } = {}): QuestionInput {
  const { unit, ...rest } = extra
  return {
    id,
    type,
    introTxt: intro,
    subQuestions: [{ id: id * 10 + 1, answOpts: [{ id: id * 100 + 1, subseqTxt: unit }] }],
    ...rest,
  }
}

const options = (id: number, opts: Opt[]) =>
  opts.map(([de, en, extra], i) => ({ id: id * 100 + i + 1, introTxt: t(de, en), sortingIdx: i, ...extra }))

/** Choice and multi-field types: one sub-question with one option per choice or field. */
function listed(id: number, type: QuestionType, intro: T, opts: Opt[], extra: Extra = {}): QuestionInput {
  return { id, type, introTxt: intro, subQuestions: [{ id: id * 10 + 1, answOpts: options(id, opts) }], ...extra }
}

/** Matrix types: one sub-question per row, each with the column options. */
function matrix(id: number, type: QuestionType, intro: T, rows: T[], cols: T[], extra: Extra = {}): QuestionInput {
  const subQuestions = rows.map((row, r) => ({
    id: id * 10 + r + 1,
    introTxt: row,
    sortingIdx: r,
    answOpts: cols.map((col, c) => ({ id: id * 100 + (r + 1) * 10 + c + 1, introTxt: col, sortingIdx: c })),
  }))
  return { id, type, introTxt: intro, subQuestions, ...extra }
}

const section = (id: number, questions: QuestionInput[]) => ({
  id,
  questions: questions.map((q, i) => ({ ...q, sortingIdx: i })),
})
const meta = (recs: Record<string, string | number>) => Object.entries(recs).map(([key, val]) => ({ key, val }))

const SATISFACTION = [
  t('sehr zufrieden', 'very satisfied'),
  t('eher zufrieden', 'fairly satisfied'),
  t('eher unzufrieden', 'fairly dissatisfied'),
  t('sehr unzufrieden', 'very dissatisfied'),
]

function initialQuestionnaire(from: string, until: string): QuestionnaireInput {
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

function finalQuestionnaire(from: string, until: string): QuestionnaireInput {
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

function tripQuestionnaire(): QuestionnaireInput {
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

function legQuestionnaire(): QuestionnaireInput {
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

const DEMO_PURPOSES: { id: number; name: T }[] = [
  { id: 1, name: t('Arbeit', 'Work') },
  { id: 2, name: t('Ausbildung', 'Education') },
  { id: 3, name: t('Einkauf', 'Shopping') },
  { id: 4, name: t('Freizeit', 'Leisure') },
  { id: 5, name: t('Erledigung', 'Errand') },
  { id: 6, name: t('Begleitung', 'Escort') },
  { id: 7, name: t('Nach Hause', 'Home') },
  { id: 8, name: t('Dienstlich', 'Business') },
  { id: 9, name: t('Besuch', 'Visit') },
  { id: 10, name: t('Sonstiges', 'Other') },
]

const FEEDBACK_REASONS = [
  { id: 1, name: t('Start- oder Zielpunkt falsch', 'Wrong start or end point') },
  { id: 2, name: t('Weg nie zurückgelegt', 'Way never made') },
  { id: 3, name: t('Zwei Wege zusammengefasst', 'Two ways merged') },
  { id: 4, name: t('Ein Weg aufgeteilt', 'One way split') },
  { id: 5, name: t('Sonstiges', 'Other') },
]

const CONTACT = 'studie@mobilitaetsforschung.example'
const INSTITUTE = 'Institut für Mobilitätsforschung'
const ADDRESS = '<address>Institut für Mobilitätsforschung<br>Musterstraße 1<br>10115 Berlin</address>'

const FAQ: [question: T, answer: T][] = [
  [
    t('Wie werden meine Wege erfasst?', 'How are my ways recorded?'),
    t(
      '<p>Die Begleit-App zeichnet Ihre Wege im Hintergrund auf und erkennt die Verkehrsmittel automatisch. Im Wegetagebuch sehen Sie die erkannten Wege und können sie prüfen.</p>',
      '<p>The companion app records your ways in the background and detects the traffic modes automatically. The travel diary shows the detected ways so you can check them.</p>',
    ),
  ],
  [
    t('Was bedeutet „Weg bestätigen“?', 'What does “Confirm way” mean?'),
    t(
      '<p>Sie geben den <strong>Zweck</strong> des Weges an, prüfen die <strong>Verkehrsmittel</strong> jeder Etappe und bestätigen den Weg. Danach kann er nicht mehr geändert werden.</p>',
      '<p>You give the way’s <strong>purpose</strong>, check the <strong>traffic mode</strong> of each leg and confirm the way. After that it can no longer be changed.</p>',
    ),
  ],
  [
    t('Ein Weg wurde falsch erkannt. Was kann ich tun?', 'A way was detected wrongly. What can I do?'),
    t(
      '<p>Tippen Sie auf der Karte des Weges in der Liste oder auf seiner Seite auf <em>Fehler melden</em> und wählen Sie, was nicht stimmt, z. B. „Zwei Wege zusammengefasst“. Wir prüfen gemeldete Wege gesondert.</p>',
      '<p>On the way’s card in the list, or on its page, tap <em>Report a problem</em> and choose what is wrong, e.g. “Two ways merged”. We review reported ways separately.</p>',
    ),
  ],
  [
    t('Was passiert mit meinen Daten?', 'What happens to my data?'),
    t(
      '<p>Ihre Wege werden nur für diese Studie und nur unter einem Pseudonym ausgewertet. Einzelheiten finden Sie in der <a href="/help/privacy">Datenschutzerklärung</a>.</p>',
      '<p>Your ways are analysed for this study only and only under a pseudonym. See the <a href="/help/privacy">privacy policy</a> for details.</p>',
    ),
  ],
  [
    t('Was mache ich an einem Tag ohne Wege?', 'What do I do on a day without any ways?'),
    t(
      '<p>Bestätigen Sie den Tag als <strong>Tag ohne Wege</strong>. So wissen wir, dass keine Aufzeichnung fehlt.</p>',
      '<p>Confirm the day as a <strong>day without ways</strong>. That way we know no recording is missing.</p>',
    ),
  ],
]

const IMPRINT = t(
  `<h2>Impressum</h2>${ADDRESS}<p>Vertreten durch die Institutsleitung, Prof. Dr. Miriam Muster.</p><p>E-Mail: <a href="mailto:${CONTACT}">${CONTACT}</a><br>Telefon: +49 30 1234567-0</p><p>Verantwortlich für den Inhalt: Prof. Dr. Miriam Muster (Anschrift wie oben).</p>`,
  `<h2>Imprint</h2>${ADDRESS}<p>Represented by the head of the institute, Prof. Dr. Miriam Muster.</p><p>E-mail: <a href="mailto:${CONTACT}">${CONTACT}</a><br>Phone: +49 30 1234567-0</p><p>Responsible for the content: Prof. Dr. Miriam Muster (address as above).</p>`,
)

const PRIVACY = t(
  `<h2>Datenschutzerklärung</h2><p>Verantwortlich für die Verarbeitung ist das ${INSTITUTE}, Musterstraße 1, 10115 Berlin.</p>` +
    '<h3>Welche Daten wir verarbeiten</h3><ul><li>Ihre E-Mail-Adresse und Ihr Passwort (verschlüsselt) für die Anmeldung,</li><li>die aufgezeichneten Wege mit Zeiten, Orten und Verkehrsmitteln,</li><li>Ihre Antworten auf die Fragebögen.</li></ul>' +
    '<h3>Zweck und Rechtsgrundlage</h3><p>Wir verarbeiten die Daten ausschließlich für die Studie „Mobil in Berlin 2026“ auf Grundlage Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Ausgewertet wird nur unter einem Pseudonym.</p>' +
    '<h3>Speicherdauer</h3><p>Die Daten werden nach Abschluss der Auswertung, spätestens zwei Jahre nach Ende der Studie, gelöscht.</p>' +
    `<h3>Ihre Rechte</h3><p>Sie können Auskunft, Berichtigung und Löschung verlangen und Ihre Einwilligung jederzeit widerrufen. Schreiben Sie an <a href="mailto:${CONTACT}">${CONTACT}</a>. Ihr Konto können Sie jederzeit selbst löschen.</p>`,
  `<h2>Privacy policy</h2><p>The controller is the ${INSTITUTE} (Institute for Mobility Research), Musterstraße 1, 10115 Berlin, Germany.</p>` +
    '<h3>What data we process</h3><ul><li>your e-mail address and password (hashed) for logging in,</li><li>the recorded trips with times, places and modes of transport,</li><li>your answers to the questionnaires.</li></ul>' +
    '<h3>Purpose and legal basis</h3><p>We process the data solely for the study “Mobil in Berlin 2026”, based on your consent (Art. 6(1)(a) GDPR). The analysis uses pseudonyms only.</p>' +
    '<h3>Retention</h3><p>The data is deleted once the analysis is complete, at the latest two years after the end of the study.</p>' +
    `<h3>Your rights</h3><p>You may request access, correction and erasure, and withdraw your consent at any time. Write to <a href="mailto:${CONTACT}">${CONTACT}</a>. You can delete your account yourself at any time.</p>`,
)

/** The demo campaign for a study running from startDay to endDay ('YYYY-MM-DD', study time zone). */
export function demoCampaign({
  startDay,
  endDay,
  finalFromDay,
}: {
  startDay: string
  endDay: string
  finalFromDay: string
}): CampaignFileInput {
  return {
    name: 'Mobil in Berlin 2026',
    // HTML, per language (shown sanitised, in the participant's language).
    desc: {
      de_DE:
        '<p>Wie bewegen sich Berlinerinnen und Berliner durch ihre Stadt? In dieser Studie zeichnet die Begleit-App Ihre Wege acht Wochen lang auf.</p>' +
        '<p>Bitte bestätigen Sie Ihre Wege regelmäßig im Wegetagebuch: Geben Sie den Zweck an, prüfen Sie die Verkehrsmittel und beantworten Sie die kurzen Fragen zu Ihren Wegen.</p>' +
        '<p>Ihre Angaben werden nur <strong>pseudonymisiert</strong> ausgewertet.</p>',
      en_US:
        '<p>How do Berliners move through their city? In this study the companion app records your ways for eight weeks.</p>' +
        '<p>Please confirm your ways regularly in the travel diary: give their purpose, check the modes of transport and answer the short questions about your ways.</p>' +
        '<p>Your answers are only analysed <strong>pseudonymously</strong>.</p>',
    },
    startDate: startDay,
    endDate: endDay,
    creator: { alias: 'IMF', firstName: 'Miriam', lastName: 'Muster', idStr: CONTACT },
    contactByEmail: CONTACT,
    contactByPhoneNo: '+49 30 1234567-0',
    participationAutomaticallyAllowed: true,
    questionnaires: [
      initialQuestionnaire(`${startDay} 00:00`, `${endDay} 23:59`),
      finalQuestionnaire(`${finalFromDay} 00:00`, `${endDay} 23:59`),
      tripQuestionnaire(),
      legQuestionnaire(),
    ],
    tripPurposes: DEMO_PURPOSES,
    trpFdbkReasons: FEEDBACK_REASONS,
    faqs: (['de_DE', 'en_US'] as const).flatMap((locale) =>
      FAQ.map(([q, a]) => ({ locale, question: q[locale], answ: a[locale] })),
    ),
    textModules: (['de_DE', 'en_US'] as const).flatMap((locale) => [
      { txtModuleConstant: 'IMPRINT' as const, locale, text: IMPRINT[locale] },
      { txtModuleConstant: 'PRIVACY' as const, locale, text: PRIVACY[locale] },
    ]),
  }
}
