// The database schema: one table per entity of the domain (user, campaign, trip, leg, …), plus accounts, sessions, one-time tokens,
// throttling, questionnaire drafts and zero-trip days. Same migrations for PGlite and PostgreSQL.
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { LabelSource } from '../domain/provenance'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Localised text: { de_DE: '…', en_US: '…' } (de_DE is the fallback). */
export type LocalizedText = Partial<Record<'de_DE' | 'en_US', string>>
export type LatLon = { lat: number; lon: number }

export const campaigns = pgTable('campaigns', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  desc: text('desc').notNull().default(''),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  creator: jsonb('creator').$type<Record<string, unknown> | null>(),
  contactByPhoneNo: text('contact_by_phone_no'),
  contactByEmail: text('contact_by_email'),
  participationAutomaticallyAllowed: boolean('participation_automatically_allowed').notNull().default(true),
  projectId: integer('project_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Name and description per language as the campaign file gave them (name and desc hold the German, else English). */
  nameI18n: jsonb('name_i18n').$type<LocalizedText>(),
  descI18n: jsonb('desc_i18n').$type<LocalizedText>(),
  /**
   * The installation's default campaign: its imprint, privacy, FAQ and contact are what a logged-out visitor sees.
   * At most one is set; with none set, the first imported campaign is the default.
   */
  isDefault: boolean('is_default').notNull().default(false),
})

/**
 * One row: a number every change to what a researcher's import writes (campaigns, purposes, feedback reasons, FAQs,
 * text modules, questionnaires) raises, by a statement trigger in the database (migration 0004), whoever writes.
 * Every process keeps those tables' rows in memory under this number and reads them again once it moved (ADR 303).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: integer('id').primaryKey().default(1),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** idStr: the e-mail address, stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    alias: text('alias'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    verified: boolean('verified').notNull().default(false),
    passwordUpdateRequired: boolean('password_update_required').notNull().default(false),
    locale: text('locale').notNull().default('de_DE'),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** Pseudonymous id used in research exports. */
    pseudonym: text('pseudonym').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Raised by the database, in the writing transaction, after every statement that writes this participant's ways,
     * legs, edits, days without ways, answers or places (triggers of migration 0006): what a process keeps of their
     * data is kept under it (participant-cache.server.ts).
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index('users_campaign_idx').on(t.campaignId)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** Idle expiry, pushed forward on use (updateSessionValidity). */
    expiresAt: ts('expires_at').notNull(),
    /** Absolute expiry, never extended. */
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

/** Single-use e-mail tokens (verification, password reset), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'verify' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.kind),
  ],
)

/** Throttle events (failed logins, registrations, reset requests), shared by every app process. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('throttle_events_key_idx').on(t.key, t.at)],
)

/** A form post that arrived with an expired session: kept so it can be re-sent after the next login. */
export const pendingPosts = pgTable('pending_posts', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const tripPurposes = pgTable('trip_purposes', {
  id: integer('id').primaryKey(),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  sortIdx: integer('sort_idx').notNull().default(0),
})

export const feedbackReasons = pgTable('feedback_reasons', {
  id: integer('id').primaryKey(),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  sortIdx: integer('sort_idx').notNull().default(0),
})

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
  locale: text('locale').notNull(),
  question: text('question').notNull(),
  answ: text('answ').notNull(),
  sortIdx: integer('sort_idx').notNull().default(0),
})

export const textModules = pgTable('text_modules', {
  id: serial('id').primaryKey(),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
  constant: text('constant').$type<'IMPRINT' | 'PRIVACY'>().notNull(),
  locale: text('locale').notNull(),
  text: text('text').notNull(),
})

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: integer('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: text('type').$type<'INITIAL' | 'FINAL' | 'LEG_BASED' | 'TRIP_BASED'>().notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    availFrom: ts('avail_from'),
    availUntil: ts('avail_until'),
    /** Traffic-mode constants a LEG_BASED questionnaire applies to (empty: all). */
    tfcModes: jsonb('tfc_modes').$type<string[]>().notNull().default([]),
    /** The whole questionnaire document (Questionnaire/Section/Question/Answer option). */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('questionnaires_campaign_idx').on(t.campaignId, t.type)],
)

export const trips = pgTable(
  'trips',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    objId: text('obj_id'),
    creationType: text('creation_type').notNull().default('CREATED_AUTOMATICALLY'),
    creationTime: ts('creation_time').notNull().defaultNow(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    /** Metres; null for manually created ways. */
    distance: doublePrecision('distance'),
    fdbkAvail: boolean('fdbk_avail').notNull().default(false),
    fdbkReasonIds: jsonb('fdbk_reason_ids').$type<number[]>().notNull().default([]),
    fdbkRemark: text('fdbk_remark'),
    /** All legs validated (and the way confirmed). Queries ask confirmedSql (./confirmed.ts), never this column. */
    validationStatus: boolean('validation_status').notNull().default(false),
    /** Confirmed: irreversible. Queries ask confirmedSql (./confirmed.ts), never this column. */
    confirmationStatus: boolean('confirmation_status').notNull().default(false),
    /** Trip-level questionnaire answered (true if there is none). */
    qtnAnswered: boolean('qtn_answered').notNull().default(true),
    allQuestionsAnswered: boolean('all_questions_answered').notNull().default(true),
    /** Optimistic concurrency: bumped on every write. */
    version: integer('version').notNull().default(1),
    /** How the way came to be when it is the result of a split or merge; null: as recorded or added by hand. */
    origin: text('origin').$type<'split' | 'merged'>(),
    /** For a split or merged way: the ids of the recorded ways it came from; null: itself (or none, added by hand). */
    originIds: jsonb('origin_ids').$type<number[]>(),
    /** The `id` the trips file gave the way (a re-import with the same id is the same way); null when it gave none. */
    importId: text('import_id'),
    /** Fingerprint of the way as a trips file last gave it: a re-import with another fingerprint is a changed way. */
    importHash: text('import_hash'),
  },
  // Newest first in the order a plain `order by start_time desc, id desc` asks for (descending puts nulls first), so
  // that order reads the index instead of sorting every way of the participant.
  (t) => [
    index('trips_user_start_idx').on(t.userId, t.startTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('trips_user_status_idx').on(
      t.userId,
      t.validationStatus,
      t.allQuestionsAnswered,
      t.startTime.desc().nullsFirst(),
    ),
    index('trips_user_import_idx').on(t.userId, t.importId),
  ],
)

export const legs = pgTable(
  'legs',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    len: doublePrecision('len'),
    geom: jsonb('geom').$type<LatLon[]>().notNull().default([]),
    /** Modes as detected by the companion app (never changed by the participant). */
    detectedModes: jsonb('detected_modes').$type<string[]>().notNull().default([]),
    /** Modes as confirmed or corrected by the participant. */
    tfcModes: jsonb('tfc_modes').$type<string[]>().notNull().default([]),
    purposeIds: jsonb('purpose_ids').$type<number[]>().notNull().default([]),
    validationStatus: boolean('validation_status').notNull().default(false),
    qtnsAnswered: boolean('qtns_answered').notNull().default(true),
    metaDataRecs: jsonb('meta_data_recs').$type<{ key: string; val: string }[]>().notNull().default([]),
    startPoi: jsonb('start_poi').$type<Record<string, unknown> | null>(),
    endPoi: jsonb('end_poi').$type<Record<string, unknown> | null>(),
    /** Who set the purposes (domain/provenance.ts), and when; null: never set, or set before this was recorded. */
    purposeSource: text('purpose_source').$type<LabelSource>(),
    purposeSetAt: ts('purpose_set_at'),
    /** Who set the modes, and when; same values as purposeSource. */
    modeSource: text('mode_source').$type<LabelSource>(),
    modeSetAt: ts('mode_set_at'),
  },
  (t) => [index('legs_trip_idx').on(t.tripId, t.idx)],
)

/**
 * The participant's corrections of the phone's segmentation: each split, merge and undo with the ways before and
 * after it. A split or merge keeps the ways it replaced exactly as they were stored (`saved`), so an undo can bring
 * them back with their ids; an undone edit stays, marked, for the export.
 */
export const wayEdits = pgTable(
  'way_edits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'split' | 'merge' | 'undo'>().notNull(),
    at: ts('at').notNull().defaultNow(),
    beforeIds: jsonb('before_ids').$type<number[]>().notNull(),
    afterIds: jsonb('after_ids').$type<number[]>().notNull(),
    /** The replaced ways' rows (trips, legs, answers, completions, drafts); null for an undo. */
    saved: jsonb('saved').$type<Record<string, unknown[]> | null>(),
    undoneAt: ts('undone_at'),
  },
  (t) => [index('way_edits_user_idx').on(t.userId, t.at)],
)

export const zeroTripDays = pgTable(
  'zero_trip_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

/** Submitted answers: one row per answer, keyed by user, questionnaire, trip/leg scope and question. */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id').notNull(),
    /** 'campaign', 'trip:ID' or 'leg:ID'. */
    scope: text('scope').notNull(),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    legId: integer('leg_id').references(() => legs.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    answOptId: integer('answ_opt_id').notNull(),
    text: text('text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('answers_user_idx').on(t.userId, t.questionnaireId, t.scope)],
)

/** A questionnaire that was completed (sent) for a scope. */
export const questionnaireCompletions = pgTable(
  'questionnaire_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id').notNull(),
    scope: text('scope').notNull(),
    completedAt: ts('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionnaireId, t.scope] })],
)

/** Answers in progress, saved on every Next, so nothing is lost on reload or expired session. */
export const questionnaireDrafts = pgTable(
  'questionnaire_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionnaireId: integer('questionnaire_id').notNull(),
    scope: text('scope').notNull(),
    resps: jsonb('resps').$type<{ answOptId: number; text: string }[]>().notNull().default([]),
    seenQuestionIds: jsonb('seen_question_ids').$type<number[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionnaireId, t.scope] })],
)

export const pois = pgTable(
  'pois',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** null: no verification status (the edit control shows only for those, in development mode). */
    verificationStatus: boolean('verification_status'),
    creationDate: ts('creation_date').notNull().defaultNow(),
    creationType: text('creation_type').notNull().default('CREATED_MANUALLY'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    desc: text('desc'),
  },
  (t) => [index('pois_user_idx').on(t.userId)],
)

/**
 * Reminder e-mails sent to participants (`npm run admin -- remind`): when, for which campaign, so nobody gets a
 * second one within the chosen interval. Holds no address or text: the participant is a row of users.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [index('reminders_user_idx').on(t.userId, t.sentAt)],
)
