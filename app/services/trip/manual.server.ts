import type { Service } from '../core.server'

export const tripManualMethods = {} satisfies Service
