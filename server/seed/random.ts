/**
 * A small seeded pseudo-random generator (mulberry32). The demo shop must come out identical for
 * the same seed on every machine and every run, so nothing in the seed may touch Math.random or
 * the clock; everything random goes through one of these.
 */
export interface Random {
  /** a float in [0, 1) */
  next(): number
  /** an integer in [min, max], both inclusive */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** `count` distinct items, in the order they were drawn */
  sample<T>(items: readonly T[], count: number): T[]
}

export class EmptyChoiceError extends Error {
  override name = 'EmptyChoiceError'
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new EmptyChoiceError('cannot pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items]
    const out: T[] = []
    while (out.length < count && pool.length > 0) {
      out.push(pool.splice(int(0, pool.length - 1), 1)[0] as T)
    }
    return out
  }
  return { next, int, chance: (p) => next() < p, pick, sample }
}
