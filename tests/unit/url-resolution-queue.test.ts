/** Spec §2: navigation waits while another route is being resolved (one resolution at a time). */
import { describe, expect, it, vi } from 'vitest'
import { resolutionQueue } from '../../src/data/resolution-queue'
import { deferred } from '../fixtures/deferred'

describe('resolutionQueue', () => {
  it('starts a resolution only when the one before it has settled, answers in order', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<string>>>()
    const started: string[] = []
    const resolve = (path: string) => {
      started.push(path)
      const d = deferred<string>()
      pending.set(path, d)
      return d.promise
    }
    const inTurn = resolutionQueue(resolve)
    const first = inTurn('/slow')
    const second = inTurn('/fast')
    await Promise.resolve()
    await Promise.resolve()
    expect(started).toEqual(['/slow'])
    pending.get('/slow')!.resolve('slow answer')
    expect(await first).toBe('slow answer')
    await vi.waitFor(() => expect(started).toEqual(['/slow', '/fast']))
    pending.get('/fast')!.resolve('fast answer')
    expect(await second).toBe('fast answer')
  })

  it('a failed resolution does not block the next one', async () => {
    const inTurn = resolutionQueue(async (path: string) => {
      if (path === '/bad') throw new Error('worker failed')
      return path
    })
    const bad = inTurn('/bad')
    const good = inTurn('/good')
    await expect(bad).rejects.toThrow('worker failed')
    expect(await good).toBe('/good')
  })
})
