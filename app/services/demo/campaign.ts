// The demo campaign 'Mobil in Berlin 2026' as a campaign file (schemas/campaign.schema.json), built in TypeScript so
// its dates follow the seed time and the compiler checks it against the file format. Its four questionnaires
// together use every question type, laid out by the shape convention of campaign-file.ts.
//
// Its questionnaires are ./questionnaires.ts. Ids of the file are kept, so they must not collide with another
// campaign's (id scheme: ./questions.ts, ./questionnaires.ts).
import type { CampaignFileInput } from '~/services/schemas/campaign-file'
import { finalQuestionnaire, initialQuestionnaire, legQuestionnaire, tripQuestionnaire } from './questionnaires'
import { t, type T } from './questions'

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
