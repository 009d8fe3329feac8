// Locator questions without the map: the participant names a place by one of their saved places or by a typed
// address / "lat, lon", and the post's point field is filled from it before the answer is read.
import { and, eq, ilike } from 'drizzle-orm'
import { pois as poisTable } from '~/db/schema'
import { field, type FormLike } from '~/domain/answerInput'
import { latLonInputText, parseLatLonInput } from '~/domain/geoAnswer'
import type { QuestionLike } from '~/domain/questionFlow'
import type { FlowErrorReason } from '~/domain/questionMessages'
import { questionType } from '~/domain/questionTypes/registry'
import { ServiceError, type AuthedContext } from '../core.server'
import { searchPlaces } from '../geocoder.server'

/**
 * Locator questions without the map: a saved place ("poi:ID", or "clear") or an address / "lat, lon" typed in
 * replace the point field. An address is looked up with the place search (GEOCODER_URL, else the own places).
 */
export async function resolvePlaces(
  ctx: AuthedContext,
  q: QuestionLike,
  form: FormLike,
): Promise<{ form: FormLike; error: FlowErrorReason | null }> {
  if (questionType(q.type)?.places !== true) return { form, error: null }
  const overrides = new Map<string, string>()
  let error: FlowErrorReason | null = null
  for (const o of q.subQuestions.flatMap((s) => s.answOpts)) {
    const where = (form.get(field.where(o.id)) ?? '').trim()
    const poi = form.get(field.poi(o.id)) ?? ''
    if (where) {
      const typed = parseLatLonInput(where)
      if (typed) overrides.set(field.value(o.id), latLonInputText(typed))
      else {
        try {
          const found = await searchPlaces(ctx, where)
          if (found[0]) overrides.set(field.value(o.id), latLonInputText(found[0]))
          else error = 'placeNotFound'
        } catch (e) {
          if (!(e instanceof ServiceError)) throw e
          // Not authorized for the place search (no campaign) or the geocoder failed: the own places by name.
          const [row] = await ctx.db
            .select()
            .from(poisTable)
            .where(
              and(
                eq(poisTable.userId, ctx.user.id),
                ilike(poisTable.name, `%${where.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
              ),
            )
            .limit(1)
          if (row) overrides.set(field.value(o.id), latLonInputText(row))
          else error = e.constant === 'GEOCODER_FAILED' ? 'geocoder' : 'placeNotFound'
        }
      }
    } else if (poi === 'clear') overrides.set(field.value(o.id), '')
    else if (poi.startsWith('poi:')) {
      const [row] = await ctx.db
        .select()
        .from(poisTable)
        .where(and(eq(poisTable.id, Number(poi.slice(4)) || 0), eq(poisTable.userId, ctx.user.id)))
      if (row) overrides.set(field.value(o.id), latLonInputText(row))
    }
  }
  return {
    form: {
      get: (name) => (overrides.has(name) ? overrides.get(name)! : form.get(name)),
      getAll: (name) => (overrides.has(name) ? [overrides.get(name)!] : form.getAll(name)),
    },
    error,
  }
}
