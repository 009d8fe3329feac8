// The admin CLI's commands, run either by the CLI process itself or, while a server holds the embedded database,
// by that server (routes/admin.cli.ts). Both paths call runCommand with the same { command, args }, so they behave
// the same. Files are read by the CLI and arrive here parsed (args.data): the server needs no file access.
import path from 'node:path'
import { z } from 'zod'
import type { Db } from '~/db/connect.server'
import { runExport } from '~/services/export.server'
import { assignCampaign, campaignSummary, createUser, importCampaign, importTrips } from '~/services/import.server'

const CampaignId = z.coerce.number({ error: 'expected a campaign id' }).int('expected a campaign id').positive('expected a campaign id')
const Text = z.string({ error: 'required' }).min(1, 'required')

/** Arguments per command: the CLI's option names (camelCased), with --file replaced by its parsed content. */
export const COMMAND_ARGS = {
  'user:create': z.strictObject({
    email: Text,
    password: Text,
    verified: z.boolean().default(false),
    campaign: CampaignId.optional(),
    passwordUpdateRequired: z.boolean().default(false),
  }),
  'campaign:import': z.strictObject({ data: z.unknown() }),
  'campaign:assign': z.strictObject({ campaign: CampaignId, email: Text }),
  'trips:import': z.strictObject({ email: Text, data: z.unknown() }),
  export: z.strictObject({
    campaign: CampaignId,
    // Resolved by the CLI: the server's working directory is not the researcher's.
    out: Text.refine((p) => path.isAbsolute(p), 'must be an absolute path'),
    withIdentity: z.boolean().default(false),
  }),
} as const

export type CommandName = keyof typeof COMMAND_ARGS
export const COMMAND_NAMES = Object.keys(COMMAND_ARGS) as CommandName[]

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

export async function runCommand(db: Db, command: string, args: unknown): Promise<{ output: string[] }> {
  if (!isCommand(command)) throw new CommandError(`unknown command '${command}' (commands: ${COMMAND_NAMES.join(', ')})`)
  switch (command) {
    case 'user:create': {
      const a = parseArgs(command, args)
      const user = await createUser(db, { email: a.email, password: a.password, verified: a.verified, campaignId: a.campaign, passwordUpdateRequired: a.passwordUpdateRequired })
      const details = [`id ${user.id}`, `pseudonym ${user.pseudonym}`, a.verified ? 'verified' : 'not verified']
      if (a.campaign) details.push(`campaign ${a.campaign}`)
      if (a.passwordUpdateRequired) details.push('password update required')
      return { output: [`created user ${user.email} (${details.join(', ')})`] }
    }
    case 'campaign:import': {
      const a = parseArgs(command, args)
      const id = await importCampaign(db, a.data)
      const s = await campaignSummary(db, id)
      const counts = `${s.questionnaires} questionnaires, ${s.tripPurposes} trip purposes, ${s.feedbackReasons} feedback reasons, ${s.faqs} FAQ items, ${s.textModules} text modules`
      // The id goes last, alone on its line, for scripts: `id=$(npm run -s admin -- campaign:import … | tail -1)`.
      return { output: [`imported campaign "${s.name}" with ${counts}`, String(id)] }
    }
    case 'campaign:assign': {
      const a = parseArgs(command, args)
      await assignCampaign(db, { campaignId: a.campaign, email: a.email })
      return { output: [`assigned ${a.email.toLowerCase()} to campaign ${a.campaign}`] }
    }
    case 'trips:import': {
      const a = parseArgs(command, args)
      const result = await importTrips(db, { email: a.email, trips: a.data })
      return { output: [`imported ${result.tripIds.length} ways with ${result.legs} legs for ${a.email.toLowerCase()}`] }
    }
    case 'export': {
      const a = parseArgs(command, args)
      const summary = await runExport(db, { campaignId: a.campaign, outDir: a.out, withIdentity: a.withIdentity })
      return { output: summary.split('\n').filter((line) => line !== '') }
    }
  }
}
