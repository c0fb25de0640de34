/**
 * The demo shop's fixed clock: every timestamp is the base date plus an offset in minutes, so the
 * generated shop never depends on when it was generated.
 */
export const SHOP_BASE_DATE = Date.UTC(2026, 0, 1, 0, 0, 0)

export function isoAt(minutesAfterBase: number): string {
  return new Date(SHOP_BASE_DATE + minutesAfterBase * 60_000).toISOString()
}
