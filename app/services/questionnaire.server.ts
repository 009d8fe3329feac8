// Service "questionnaire" (spec 7).
import type { Service } from './core.server'

export const questionnaireService = {} satisfies Service
