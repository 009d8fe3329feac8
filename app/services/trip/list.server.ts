import type { Service } from '../core.server'

export const tripListMethods = {} satisfies Service
