/** The price facet's ranges (spec §9), in whole currency units; the last one is open-ended. No zod here: the UI imports it. */
export const PRICE_RANGES = [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] as const
