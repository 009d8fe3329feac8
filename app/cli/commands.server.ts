// The admin CLI's commands, run either by the CLI process itself or, while a server holds the embedded database,
// by that server (routes/admin.cli.ts). Both paths call runCommand with the same { command, args }, so they behave
// the same. Files are read by the CLI and arrive here parsed (args.data): the server needs no file access.
import fs from 'node:fs'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/db/connect.server'
import { trips, users } from '~/db/schema'
import type { Mailer } from '~/infra/mailer.server'
import { campaignFileText } from '~/services/export-campaign.server'
import { setDefaultCampaign } from '~/services/campaign.server'
import { ServiceError } from '~/services/core.server'
import { runExport } from '~/services/export.server'
import { assignCampaign, campaignSummary, createUser, importCampaignFile, importTrips } from '~/services/import.server'
import { remindIntervalDays, studyTimeZone } from '~/infra/env.server'
import { dayInZone, dayRangeUtc, parseDay } from '~/domain/time'
import { studyStatus, waysPerDay } from '~/services/study.server'
import { remind } from '~/services/study/remind.server'
import { statusCsv, statusHtml, statusText } from '~/services/study/status-report.server'

const CampaignId = z.coerce
  .number({ error: 'expected a campaign id' })
  .int('expected a campaign id')
  .positive('expected a campaign id')
const Text = z.string({ error: 'required' }).min(1, 'required')
// Resolved by the CLI: the server's working directory is not the researcher's.
const AbsolutePath = Text.refine((p) => path.isAbsolute(p), 'must be an absolute path')
const Days = z.coerce
  .number({ error: 'expected a number of days' })
  .int('expected whole days')
  .min(0, 'expected a number of days')

/** Arguments per command: the CLI's option names (camelCased), with --file replaced by its parsed content. */
const COMMAND_ARGS = {
  'user:create': z.strictObject({
    email: Text,
    password: Text,
    verified: z.boolean().default(false),
    campaign: CampaignId.optional(),
    passwordUpdateRequired: z.boolean().default(false),
    joined: z
      .string()
      .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && parseDay(d) != null, 'expected a day as YYYY-MM-DD')
      .optional(),
  }),
  'campaign:import': z.strictObject({ data: z.unknown(), dryRun: z.boolean().default(false) }),
  'campaign:assign': z.strictObject({ campaign: CampaignId, email: Text }),
  'campaign:default': z.strictObject({ campaign: CampaignId }),
  'trips:import': z.strictObject({ email: Text, data: z.unknown(), dryRun: z.boolean().default(false) }),
  export: z.strictObject({
    campaign: CampaignId,
    out: AbsolutePath,
    withIdentity: z.boolean().default(false),
  }),
  'campaign:export': z.strictObject({ campaign: CampaignId, out: AbsolutePath.optional() }),
  status: z.strictObject({
    campaign: CampaignId,
    csv: AbsolutePath.optional(),
    html: AbsolutePath.optional(),
    withIdentity: z.boolean().default(false),
    inactiveDays: Days.default(3),
  }),
  remind: z.strictObject({
    campaign: CampaignId,
    inactiveDays: Days,
    intervalDays: Days.optional(),
    dryRun: z.boolean().default(false),
  }),
} as const

/**
 * What some commands need besides the database: mail (remind) and progress reports (on the CLI's stderr; a server
 * running a handed-off command sends them to the CLI as lines).
 */
export interface CommandDeps {
  mailer?: Mailer
  publicUrl?: string
  projectTitle?: string
  /** Default of remind's --interval-days (REMIND_INTERVAL_DAYS, else 7). */
  remindIntervalDays?: number
  progress?: (label: string, unit: string) => { update(done: number, total?: number): void; finish(): void }
}

const noProgress = () => ({ update() {}, finish() {} })

export type CommandName = keyof typeof COMMAND_ARGS
const COMMAND_NAMES = Object.keys(COMMAND_ARGS) as CommandName[]

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_ARGS, name)
}

/** A bad command line: unknown command or option, missing or malformed value. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CommandError'
  }
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())

function parseArgs<C extends CommandName>(command: C, args: unknown): z.output<(typeof COMMAND_ARGS)[C]> {
  const result = COMMAND_ARGS[command].safeParse(args ?? {})
  if (result.success) return result.data as z.output<(typeof COMMAND_ARGS)[C]>
  const issue = result.error.issues[0]
  const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : String(issue.path[0] ?? '')
  const message = issue.code === 'unrecognized_keys' ? 'unknown option' : issue.message
  throw new CommandError(`${command}: --${kebab(key)}: ${message}`)
}

export async function runCommand(
  db: Db,
  command: string,
  args: unknown,
  deps: CommandDeps = {},
): Promise<{ output: string[] }> {
  const progress = deps.progress ?? noProgress
  if (!isCommand(command))
    throw new CommandError(`unknown command '${command}' (commands: ${COMMAND_NAMES.join(', ')})`)
  switch (command) {
    case 'user:create': {
      const a = parseArgs(command, args)
      // A participant who took part before their account here existed (moved from another installation): their
      // study days start on the day they joined, at its beginning in the study time zone; never after today.
      const timeZone = studyTimeZone()
      if (a.joined && a.joined > dayInZone(new Date(), timeZone))
        throw new CommandError(`user:create: --joined: ${a.joined} is in the future`)
      const user = await createUser(db, {
        joinedAt: a.joined ? dayRangeUtc(a.joined, timeZone).start : undefined,
        email: a.email,
        password: a.password,
        verified: a.verified,
        campaignId: a.campaign,
        passwordUpdateRequired: a.passwordUpdateRequired,
      })
      const details = [`id ${user.id}`, `pseudonym ${user.pseudonym}`, a.verified ? 'verified' : 'not verified']
      if (a.campaign) details.push(`campaign ${a.campaign}`)
      if (a.passwordUpdateRequired) details.push('password update required')
      if (a.joined) details.push(`joined ${a.joined}`)
      return { output: [`created user ${user.email} (${details.join(', ')})`] }
    }
    case 'campaign:import': {
      const a = parseArgs(command, args)
      if (a.dryRun) {
        const { notes } = await importCampaignFile(db, a.data, { dryRun: true })
        return {
          output: [
            ...notes.map((n) => `note: ${n}`),
            'dry run: the file is valid and would import; nothing was written',
          ],
        }
      }
      const { id, notes } = await importCampaignFile(db, a.data)
      const s = await campaignSummary(db, id)
      const counts = `${s.questionnaires} questionnaires, ${s.tripPurposes} trip purposes, ${s.feedbackReasons} feedback reasons, ${s.faqs} FAQ items, ${s.textModules} text modules`
      // The id goes last, alone on its line, for scripts: `id=$(npm run -s admin -- campaign:import … | tail -1)`.
      return { output: [...notes.map((n) => `note: ${n}`), `imported campaign "${s.name}" with ${counts}`, String(id)] }
    }
    case 'campaign:assign': {
      const a = parseArgs(command, args)
      await assignCampaign(db, { campaignId: a.campaign, email: a.email })
      return { output: [`assigned ${a.email.toLowerCase()} to campaign ${a.campaign}`] }
    }
    case 'campaign:default': {
      const a = parseArgs(command, args)
      try {
        await setDefaultCampaign(db, a.campaign)
      } catch (err) {
        if (err instanceof ServiceError)
          throw new CommandError(`campaign:default: campaign ${a.campaign} does not exist`)
        throw err
      }
      return {
        output: [
          `campaign ${a.campaign} is the default: logged-out visitors see its imprint, privacy, FAQ and contact`,
        ],
      }
    }
    case 'trips:import': {
      const a = parseArgs(command, args)
      const shown = progress('trips:import', 'ways')
      const result = await importTrips(
        db,
        { email: a.email, trips: a.data },
        { dryRun: a.dryRun, onProgress: (p) => shown.update(p.done, p.total) },
      )
      shown.finish()
      const notes = result.notes.map((n) => `note: ${n}`)
      // A way the participant already has is never added again; one the file gives differently is only reported.
      const changed = result.changed.map(
        (c) => `changed: ${c.path} is way ${c.tripId}, given differently; left as it is`,
      )
      const counts = `${result.tripIds.length} new (${result.legs} legs), ${result.present} already present, ${result.changed.length} changed`
      const who = `for ${a.email.toLowerCase()}`
      return {
        output: [
          ...notes,
          ...changed,
          a.dryRun ? `dry run: would import ${counts} ${who}; nothing was written` : `imported ${counts} ${who}`,
        ],
      }
    }
    case 'export': {
      const a = parseArgs(command, args)
      const [{ total }] = await db
        .select({ total: count() })
        .from(trips)
        .innerJoin(users, eq(users.id, trips.userId))
        .where(eq(users.campaignId, a.campaign))
      const shown = progress('export', 'ways')
      let done = 0
      const onBatch = (b: { kind: string; rows: number }) => b.kind === 'ways' && shown.update((done += b.rows), total)
      const summary = await runExport(
        db,
        { campaignId: a.campaign, outDir: a.out, withIdentity: a.withIdentity },
        { onBatch },
      )
      shown.finish()
      return { output: summary.split('\n').filter((line) => line !== '') }
    }
    case 'campaign:export': {
      const a = parseArgs(command, args)
      const text = await campaignFileText(db, a.campaign)
      if (!a.out) return { output: text.replace(/\n$/, '').split('\n') }
      writeFile(a.out, text)
      return { output: [`wrote campaign ${a.campaign} to ${a.out}`] }
    }
    case 'status': {
      const a = parseArgs(command, args)
      const timeZone = studyTimeZone()
      const status = await studyStatus(db, { campaignId: a.campaign, inactiveDays: a.inactiveDays, timeZone })
      const o = { withIdentity: a.withIdentity, timeZone }
      const output = statusText(status, o)
      if (a.csv) {
        writeFile(a.csv, statusCsv(status, o))
        output.push(`wrote ${a.csv}`)
      }
      if (a.html) {
        writeFile(a.html, statusHtml(status, await waysPerDay(db, a.campaign, timeZone), o))
        output.push(`wrote ${a.html}`)
      }
      return { output }
    }
    case 'remind': {
      const a = parseArgs(command, args)
      if (!deps.mailer || !deps.publicUrl) throw new CommandError('remind: no mail transport configured')
      const intervalDays = a.intervalDays ?? deps.remindIntervalDays ?? remindIntervalDays()
      const output = await remind(
        db,
        { mailer: deps.mailer, publicUrl: deps.publicUrl, projectTitle: deps.projectTitle ?? '' },
        { campaignId: a.campaign, inactiveDays: a.inactiveDays, intervalDays, dryRun: a.dryRun },
      )
      return { output }
    }
  }
}

/**
 * Writes an output file only its owner can read (0600; a status list may carry names and addresses), also when a
 * readable file of that name existed: the text goes to a new private file that then takes the name.
 */
function writeFile(file: string, text: string) {
  const partial = `${file}.${process.pid}.partial`
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    fs.rmSync(partial, { force: true })
    fs.writeFileSync(partial, text, { mode: 0o600, flag: 'wx' })
    fs.renameSync(partial, file)
  } catch (err) {
    fs.rmSync(partial, { force: true })
    throw new CommandError(`cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
  }
}
