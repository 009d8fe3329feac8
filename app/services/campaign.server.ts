// Service "campaign": the caller's campaign with the availability of its initial and final
// questionnaires (their summaries: availability window, answered, mandatory), and participation.
import { asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, DbOrTx } from '~/db/connect.server'
import { campaigns, users } from '~/db/schema'
import type { QuestionnaireSummary } from '~/domain/availability'
import { dayInZone, formatTime } from '~/domain/time'
import { method, ServiceError, zId, type AuthedContext, type Service, type ServiceContext } from './core.server'
import type { Locale } from '~/domain/locale'
import { cleanHtml, localized, textCampaigns } from './info.server'
import { campaignSummaries } from './questionnaire/store.server'
import { importCached } from './import-cache.server'

type CampaignRow = typeof campaigns.$inferSelect

export interface CampaignDto {
  id: number
  name: string
  desc: string
  /** 'YYYY-MM-DD' and 'HH:mm' in the study time zone (startDate/endDate and startTime/endTime). */
  startDate: string
  startTime: string
  endDate: string
  endTime: string
  creator: Record<string, unknown> | null
  contactByPhoneNo: string | null
  contactByEmail: string | null
  participationAutomaticallyAllowed: boolean
}

export interface CurrentCampaign extends CampaignDto {
  /** null when the campaign has no questionnaire of that type. */
  initialQtnSummary: QuestionnaireSummary | null
  finalQtnSummary: QuestionnaireSummary | null
}

/**
 * A campaign as the caller reads it: name and description in their language (else the stored one), the
 * description's HTML sanitised as the text modules' is.
 */
function toDto(c: CampaignRow, tz: string, locale: Locale): CampaignDto {
  return {
    id: c.id,
    name: c.nameI18n ? localized(c.nameI18n, locale) || c.name : c.name,
    desc: cleanHtml(c.descI18n ? localized(c.descI18n, locale) : c.desc),
    startDate: dayInZone(c.startAt, tz),
    startTime: formatTime(c.startAt, tz),
    endDate: dayInZone(c.endAt, tz),
    endTime: formatTime(c.endAt, tz),
    creator: c.creator ?? null,
    contactByPhoneNo: c.contactByPhoneNo,
    contactByEmail: c.contactByEmail,
    participationAutomaticallyAllowed: c.participationAutomaticallyAllowed,
  }
}

/** A campaign's row, or null; kept per process under the catalogue version (ADR 303), not to be changed. */
export function campaignRow(ctx: { db: DbOrTx; catalogueVersion?: number }, campaignId: number) {
  return importCached(ctx, `campaign|${campaignId}`, async (): Promise<CampaignRow | null> => {
    const [c] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId))
    return c ?? null
  })
}

/**
 * The caller's campaign with both questionnaire summaries, or null when the caller has none. The caller's campaign
 * is the one their session's lookup read with them in this request.
 */
export async function currentCampaign(ctx: AuthedContext): Promise<CurrentCampaign | null> {
  const campaignId = ctx.user.campaignId
  if (campaignId == null) return null
  const c = await campaignRow(ctx, campaignId)
  if (!c) return null
  const s = await campaignSummaries(ctx, c.id)
  return { ...toDto(c, ctx.env.STUDY_TIME_ZONE, ctx.locale), initialQtnSummary: s.initial, finalQtnSummary: s.final }
}

/**
 * The contact e-mail the contact page shows: the caller's campaign's, else the default campaign's (a logged-out
 * visitor's too); null when neither has one.
 */
export async function contactEmail(ctx: ServiceContext): Promise<string | null> {
  for (const campaignId of await textCampaigns(ctx)) {
    const email = (await campaignRow(ctx, campaignId))?.contactByEmail
    if (email) return email
  }
  return null
}

/**
 * Names the installation's default campaign (`npm run admin -- campaign:default`): the one whose texts a logged-out
 * visitor sees. Exactly one is marked afterwards.
 */
export async function setDefaultCampaign(db: Db, campaignId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId))
    if (!c) throw new ServiceError('CAMPAIGN_NOT_FOUND')
    await tx.update(campaigns).set({ isDefault: sql`${campaigns.id} = ${campaignId}` })
  })
}

export const campaignService = {
  /** getCampaignsByProject (id): the campaigns of a research project. */
  getCampaignsByProject: method({
    params: z.object({ id: zId }),
    async run({ id }, ctx): Promise<{ campaigns: CampaignDto[] }> {
      const rows = await ctx.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.projectId, id))
        .orderBy(asc(campaigns.startAt), asc(campaigns.id))
      return { campaigns: rows.map((c) => toDto(c, ctx.env.STUDY_TIME_ZONE, ctx.locale)) }
    },
  }),

  /** getCurrentCampaign (no payload; return.campaign, null when the caller is not assigned). */
  getCurrentCampaign: method({
    params: z.object({}).passthrough(),
    async run(_p, ctx): Promise<{ campaign: CurrentCampaign | null }> {
      return { campaign: await currentCampaign(ctx) }
    },
  }),

  /**
   * setCampaignParticipation (id, participation). true joins the campaign when it allows participation
   * automatically (else NOT_AUTHORIZED); false leaves it (only the caller's own campaign). Returns the campaign id
   * the caller is assigned to afterwards.
   */
  setCampaignParticipation: method({
    params: z.object({
      id: zId,
      participation: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
    }),
    async run({ id, participation }, ctx): Promise<{ campaignId: number | null }> {
      return ctx.db.transaction(async (tx) => {
        const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, id))
        if (!c) throw new ServiceError('CAMPAIGN_NOT_FOUND')
        const [u] = await tx
          .select({ campaignId: users.campaignId })
          .from(users)
          .where(eq(users.id, ctx.user.id))
          .for('update')
        if (participation) {
          if (u?.campaignId !== id && !c.participationAutomaticallyAllowed) throw new ServiceError('NOT_AUTHORIZED')
          await tx.update(users).set({ campaignId: id }).where(eq(users.id, ctx.user.id))
          return { campaignId: id }
        }
        if (u?.campaignId !== id) throw new ServiceError('CAMPAIGN_NOT_FOUND')
        await tx.update(users).set({ campaignId: null }).where(eq(users.id, ctx.user.id))
        return { campaignId: null }
      })
    },
  }),
} satisfies Service
