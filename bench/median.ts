/** The middle value of the figures (the lower of the two middle ones for an even count). */
export const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]
