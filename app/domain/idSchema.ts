// The row-id range of ids.ts as a schema for posted forms and API parameters.
import { z } from 'zod'
import { MAX_ID } from './ids'

/** Positive int4 id, accepting numeric strings (form posts, JSON from older clients). */
export const zId = z.coerce.number().int().positive().max(MAX_ID)
