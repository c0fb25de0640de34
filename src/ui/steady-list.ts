/**
 * The list as first shown, kept in place while the catalogue is still arriving: tiles the shopper
 * already sees keep their places (refreshed when the answer still holds them: a new price, stock),
 * newcomers only fill the free places at the end. An item a later answer lacks stays: the answer
 * is a window (the top N), and one pushed out of it by more products is still in the catalogue. A
 * first visit's home therefore never reshuffles under the shopper's eyes as more products
 * replicate: no layout shift while the page fills.
 */
export function steadyList<T extends { id: string | number }>(shown: readonly T[], next: readonly T[], size: number): T[] {
  const nextById = new Map(next.map((item) => [item.id, item]))
  const kept = shown.map((item) => nextById.get(item.id) ?? item)
  const keptIds = new Set(kept.map((item) => item.id))
  return [...kept, ...next.filter((item) => !keptIds.has(item.id))].slice(0, size)
}
