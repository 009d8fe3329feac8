// The sprite's mode symbols, taken apart when the app is built (scripts/vite-mode-drawings.mjs).
declare module '*.svg?mode-drawings' {
  const drawings: import('../../../scripts/vite-mode-drawings.mjs').ModeDrawings
  export default drawings
}
