/** Percentiles over a list of timings (ms), nearest-rank. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export interface Latency {
  p50: number
  p95: number
  n: number
}

export function summary(samples: number[]): Latency {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length }
}

export const ms = (n: number) => `${n.toFixed(1)} ms`
