import { describe, expect, it } from 'vitest'
import { KIOSK_PROBE_MAX_DELAY_MS, PROBE_MAX_DELAY_MS, PROBE_MIN_DELAY_MS, Reachability } from '../../workers/connectivity'

/** Timers run by hand: `fire()` runs the one pending timer and returns its delay. */
function harness(probeAnswers: boolean[], maxDelayMs?: () => number) {
  const changes: boolean[] = []
  let pending: { run: () => void; ms: number } | null = null
  const probes: number[] = []
  const reachability = new Reachability({
    probe: async () => {
      probes.push(probes.length)
      return probeAnswers.shift() ?? false
    },
    onChange: (reachable) => changes.push(reachable),
    ...(maxDelayMs ? { maxDelayMs } : {}),
    setTimer: (run, ms) => {
      pending = { run, ms }
      return () => {
        pending = null
      }
    },
  })
  const fire = async () => {
    const timer = pending
    if (!timer) throw new Error('no timer pending')
    pending = null
    timer.run()
    await new Promise((resolve) => setTimeout(resolve, 0))
    return timer.ms
  }
  return { reachability, changes, probes, fire, pending: () => pending }
}

const failing = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch')
}

describe('Reachability (lie-fi: the browser says online, the server does not answer)', () => {
  it('a fetch rejected by the network marks the server unreachable once and rethrows', async () => {
    const h = harness([])
    const fetch = h.reachability.observe(failing)
    await expect(fetch('/api/catalog')).rejects.toThrow(TypeError)
    await expect(fetch('/api/cart')).rejects.toThrow(TypeError)
    expect(h.reachability.isReachable).toBe(false)
    expect(h.changes).toEqual([false])
  })

  it('an abort or a time-out says nothing about the network', async () => {
    const h = harness([])
    const aborted = h.reachability.observe(async () => {
      throw new DOMException('aborted', 'AbortError')
    })
    await expect(aborted('/api/x')).rejects.toThrow('aborted')
    expect(h.reachability.isReachable).toBe(true)
    expect(h.changes).toEqual([])
    expect(h.pending()).toBeNull()
  })

  it('an HTTP error answer (500) is an answer: still reachable', async () => {
    const h = harness([])
    const fetch = h.reachability.observe(async () => new Response('boom', { status: 500 }))
    expect((await fetch('/api/x')).status).toBe(500)
    expect(h.reachability.isReachable).toBe(true)
  })

  it('probes with a doubling delay capped at the maximum, and only a probe brings it back', async () => {
    const h = harness([false, false, false, false, false, true])
    await h.reachability
      .observe(failing)('/api/x')
      .catch(() => undefined)
    const delays: number[] = []
    for (let i = 0; i < 6; i++) delays.push(await h.fire())
    expect(delays).toEqual([PROBE_MIN_DELAY_MS, 10_000, 20_000, PROBE_MAX_DELAY_MS, PROBE_MAX_DELAY_MS, PROBE_MAX_DELAY_MS])
    expect(h.reachability.isReachable).toBe(true)
    expect(h.changes).toEqual([false, true])
    expect(h.pending()).toBeNull()
  })

  it('a kiosk probes at the first delay all along: its orders go out within seconds of the server answering', async () => {
    const h = harness([false, false, false, false, true], () => KIOSK_PROBE_MAX_DELAY_MS)
    await h.reachability
      .observe(failing)('/api/x')
      .catch(() => undefined)
    const delays: number[] = []
    for (let i = 0; i < 5; i++) delays.push(await h.fire())
    expect(delays).toEqual(Array.from({ length: 5 }, () => KIOSK_PROBE_MAX_DELAY_MS))
    expect(KIOSK_PROBE_MAX_DELAY_MS).toBeLessThan(PROBE_MAX_DELAY_MS)
    expect(h.changes).toEqual([false, true])
  })

  it('a successful request while unreachable does not pass for the network (it may come from a cache)', async () => {
    const h = harness([])
    await h.reachability
      .observe(failing)('/api/x')
      .catch(() => undefined)
    await h.reachability.observe(async () => new Response('{}'))('/api/catalog')
    expect(h.reachability.isReachable).toBe(false)
  })

  it('checkNow probes at once when unreachable and is a no-op when reachable', async () => {
    const h = harness([true])
    await h.reachability.checkNow()
    expect(h.probes).toHaveLength(0)
    await h.reachability
      .observe(failing)('/api/x')
      .catch(() => undefined)
    await h.reachability.checkNow()
    expect(h.probes).toHaveLength(1)
    expect(h.reachability.isReachable).toBe(true)
    expect(h.pending()).toBeNull()
  })

  it('reset drops the timer and starts reachable again', async () => {
    const h = harness([])
    await h.reachability
      .observe(failing)('/api/x')
      .catch(() => undefined)
    h.reachability.reset()
    expect(h.reachability.isReachable).toBe(true)
    expect(h.pending()).toBeNull()
  })
})
