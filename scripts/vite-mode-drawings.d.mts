import type { Plugin } from 'vite'

type Attributes = Record<string, string>
/** What `?mode-drawings` gives: the attributes every mode symbol shares, and each one's shapes by symbol id. */
export type ModeDrawings = { attributes: Attributes; shapes: Record<string, [tag: string, attributes: Attributes][]> }
export function modeDrawings(svg: string): ModeDrawings
export function modeDrawingsPlugin(): Plugin
