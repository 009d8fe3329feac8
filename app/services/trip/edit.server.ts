import type { Service } from '../core.server'

export const tripEditMethods = {} satisfies Service
