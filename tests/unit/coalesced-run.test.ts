import { describe, expect, it } from 'vitest'
import { CoalescedRun } from '../../workers/coalesced-run'
import { deferred } from '../fixtures/deferred'

describe('coalesced run', () => {
  it('runs one pass at a time; calls meanwhile share it and ask for exactly one more pass', async () => {
    const gates = [deferred<void>(), deferred<void>()]
    let passes = 0
    const runner = new CoalescedRun(async () => {
      await gates[passes++]!.promise
    })
    const first = runner.run()
    const second = runner.run()
    const third = runner.run()
    expect(second).toBe(first)
    expect(third).toBe(first)
    expect(passes).toBe(1)
    gates[0]!.resolve()
    await new Promise((r) => setTimeout(r, 0))
    expect(passes).toBe(2)
    gates[1]!.resolve()
    await first
    expect(passes).toBe(2)
    // idle again: the next call starts a new run
    gates.push(deferred<void>())
    const next = runner.run()
    expect(next).not.toBe(first)
    gates[2]!.resolve()
    await next
    expect(passes).toBe(3)
  })

  it('no extra pass once the owner says stop', async () => {
    const gate = deferred<void>()
    let passes = 0
    let stopped = false
    const runner = new CoalescedRun(
      async () => {
        passes++
        await gate.promise
      },
      () => !stopped,
    )
    const run = runner.run()
    void runner.run()
    stopped = true
    gate.resolve()
    await run
    expect(passes).toBe(1)
  })
})
