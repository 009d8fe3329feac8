// Service "info": catalogues, FAQ and text modules.
import { and, asc, desc, eq, getTableName, isNull, or } from 'drizzle-orm'
import { z } from 'zod'
import sanitizeHtml from 'sanitize-html'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { campaigns, faqs, textModules, tripPurposes, feedbackReasons, type LocalizedText } from '~/db/schema'
import { LOCALES, type Locale } from '~/domain/locale'
import { TRAFFIC_MODES } from '~/domain/trafficModes'
import { resources, tFor } from '~/infra/i18n.server'
import { importCached } from './import-cache.server'
import { lng } from '~/infra/i18n'
import { method, type Service, type ServiceContext } from './core.server'

/** A catalogue entry in the caller's language (trip purposes, report reasons). */
export interface NamedItem {
  id: number
  name: string
}

export interface TrafficModeItem {
  constant: (typeof TRAFFIC_MODES)[number]['constant']
  name: string
  color: string
  icon: string
}

/** An error or warning constant with its description in the caller's language. */
interface Description {
  constant: string
  desc: string
}

const none = z.object({}).passthrough()
const empty = (key: string) =>
  method({ public: true, params: none, run: async (): Promise<Record<string, never[]>> => ({ [key]: [] }) })

/** A localised catalogue name in the caller's language (de_DE fallback). */
export function localized(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.de_DE ?? Object.values(text)[0] ?? ''
}

/** Server-supplied HTML (FAQ answers, privacy, imprint) is sanitised before it reaches a page. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'em',
      'b',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'span',
      'address',
    ],
    // rel is allowed only for the value the transform sets (it replaces any rel of the source).
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  })
}

/**
 * Catalogue rows a caller sees: the global ones plus their campaign's. An anonymous visitor (FAQ, imprint and privacy
 * are public) sees every campaign's, since one deployment normally runs one study.
 */
const campaignScope = (ctx: ServiceContext, col: AnyPgColumn) =>
  ctx.user ? (ctx.user.campaignId != null ? or(isNull(col), eq(col, ctx.user.campaignId)) : isNull(col)) : undefined

/**
 * The installation's default campaign: the one `campaign:default` named, else the first imported; null when there
 * is none. A logged-out visitor sees its imprint, privacy text, FAQ and contact.
 */
function defaultCampaignId(ctx: ServiceContext): Promise<number | null> {
  // Kept per process under the catalogue version (ADR 303).
  return importCached(ctx, 'defaultCampaignId', async () => {
    const [row] = await ctx.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .orderBy(desc(campaigns.isDefault), asc(campaigns.id))
      .limit(1)
    return row?.id ?? null
  })
}

/**
 * Whose texts (imprint, privacy, FAQ, contact) the caller sees, in order: their own campaign's, then the default
 * campaign's. A page takes the first of these that has the text, never a mix of campaigns.
 */
export async function textCampaigns(ctx: ServiceContext): Promise<number[]> {
  const own = ctx.user?.campaignId ?? null
  const fallback = await defaultCampaignId(ctx)
  return [...new Set([own, fallback].filter((id): id is number => id != null))]
}

/**
 * A campaign's named list (purposes, reasons to report a way), in the caller's language. Every way shown names its
 * purposes and every list page with a reportable way offers the reasons: kept per process under the catalogue version
 * (ADR 303).
 */
async function campaignList(ctx: ServiceContext, table: typeof tripPurposes | typeof feedbackReasons) {
  const scope = ctx.user ? String(ctx.user.campaignId) : 'all'
  const rows = await importCached(ctx, `${getTableName(table)}|${scope}`, () =>
    ctx.db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(campaignScope(ctx, table.campaignId))
      .orderBy(asc(table.sortIdx), asc(table.id)),
  )
  return rows.map((p): NamedItem => ({ id: p.id, name: localized(p.name, ctx.locale) }))
}

export const listTripPurposes = (ctx: ServiceContext): Promise<NamedItem[]> => campaignList(ctx, tripPurposes)

export const listFeedbackReasons = (ctx: ServiceContext): Promise<NamedItem[]> => campaignList(ctx, feedbackReasons)

export function listTrafficModes(locale: Locale): TrafficModeItem[] {
  const t = tFor(locale)
  return TRAFFIC_MODES.map((m) => ({
    constant: m.constant,
    name: t(`modes.${m.constant}`),
    color: m.color,
    icon: m.icon,
  }))
}

export const infoService = {
  getCompanies: empty('companies'),
  getObjects: empty('objs'),
  getObjectTypes: empty('objTypes'),
  getStatistic: method({
    public: true,
    params: none,
    run: async (): Promise<{ statistic: Record<string, never> }> => ({ statistic: {} }),
  }),
  getNextMaintenancePeriod: method({
    public: true,
    params: none,
    run: async (): Promise<{ maintenancePeriod: null }> => ({ maintenancePeriod: null }),
  }),

  getErrorDescriptions: method({
    public: true,
    params: none,
    async run(_p, ctx): Promise<{ errDescs: Description[] }> {
      const catalogue = (resources[lng(ctx.locale)]?.errors ?? {}) as Record<string, unknown>
      const constants = Object.keys(catalogue).filter((k) => /^[A-Z_]+$/.test(k))
      return { errDescs: constants.map((constant) => ({ constant, desc: String(catalogue[constant]) })) }
    },
  }),
  getWarningDescriptions: method({
    public: true,
    params: none,
    async run(_p, ctx): Promise<{ wrngDescs: Description[] }> {
      const t = tFor(ctx.locale)
      const w = t('errors:warnings', { returnObjects: true }) as Record<string, string>
      return {
        wrngDescs: Object.entries(typeof w === 'object' ? w : {}).map(([constant, desc]) => ({ constant, desc })),
      }
    },
  }),
  getLocales: method({
    public: true,
    params: none,
    run: async (): Promise<{ locales: Locale[] }> => ({ locales: [...LOCALES] }),
  }),
  getTrafficModes: method({
    params: none,
    run: async (_p, ctx): Promise<{ tfcModes: TrafficModeItem[] }> => ({ tfcModes: listTrafficModes(ctx.locale) }),
  }),
  getTripPurposes: method({
    params: none,
    run: async (_p, ctx): Promise<{ tripPurposes: NamedItem[] }> => ({ tripPurposes: await listTripPurposes(ctx) }),
  }),
  getFaqList: method({
    public: true,
    params: z.object({ platformConstant: z.literal('WEB').optional() }).passthrough(),
    async run(_p, ctx): Promise<{ faqs: { question: string; answ: string }[] }> {
      // The installation's own items (no campaign), then one campaign's: the caller's, else the default's.
      const itemsOf = (campaignId: number | null) =>
        ctx.db
          .select()
          .from(faqs)
          .where(
            and(
              eq(faqs.locale, ctx.locale),
              campaignId == null ? isNull(faqs.campaignId) : eq(faqs.campaignId, campaignId),
            ),
          )
          .orderBy(asc(faqs.sortIdx), asc(faqs.id))
      let rows = await itemsOf(null)
      for (const campaignId of await textCampaigns(ctx)) {
        const own = await itemsOf(campaignId)
        if (!own.length) continue
        rows = [...rows, ...own]
        break
      }
      return { faqs: rows.map((f) => ({ question: f.question, answ: cleanHtml(f.answ) })) }
    },
  }),
  getTextModule: method({
    public: true,
    params: z
      .object({ platformConstant: z.literal('WEB').optional(), txtModuleConstant: z.enum(['IMPRINT', 'PRIVACY']) })
      .passthrough(),
    async run(
      { txtModuleConstant },
      ctx,
    ): Promise<{ txtModule: { txtModuleConstant: 'IMPRINT' | 'PRIVACY'; text: string } }> {
      const rows = await ctx.db.select().from(textModules).where(eq(textModules.constant, txtModuleConstant))
      // One campaign's text (the caller's, else the default's; the installation's own without one), in the
      // caller's language, else German, else any.
      const inLanguage = (list: typeof rows) =>
        list.find((r) => r.locale === ctx.locale) ?? list.find((r) => r.locale === 'de_DE') ?? list[0]
      let pick: (typeof rows)[number] | undefined
      for (const campaignId of [...(await textCampaigns(ctx)), null]) {
        pick = inLanguage(rows.filter((r) => r.campaignId === campaignId))
        if (pick) break
      }
      return { txtModule: { txtModuleConstant, text: pick ? cleanHtml(pick.text) : '' } }
    },
  }),
} satisfies Service
