/**
 * The feed pull (workers/catalog/feed-pull) of the products against a fake feed: batch after batch until
 * a short one, the checkpoint moved only after its batch is written, live changes written without
 * moving it, failures tried again, and pause/resume.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Checkpoint } from '../../domain/api/replication.schema'
import { FeedPull } from '../../workers/catalog/feed-pull'
import type { WithDeletedFlag } from '../../workers/db/catalog-docs'
import type { ProductDoc } from '../../workers/db/catalog-schemas'
import { product } from './listing-fixtures'

type Doc = WithDeletedFlag<ProductDoc>
const doc = (id: number): Doc => ({ ...product(id, { updated_at: `2026-01-01T00:00:${String(id).padStart(2, '0')}Z` }), _deleted: false })

/** A feed of `count` products in checkpoint order; `fail(n)` makes the nth pull (from 1) throw. */
function feed(count: number, options: { fail?: (n: number) => boolean } = {}) {
  const docs = Array.from({ length: count }, (_, i) => doc(i + 1))
  const asked: (string | null)[] = []
  let pulls = 0
  const pull = vi.fn(async (checkpoint: Checkpoint | undefined, size: number) => {
    pulls++
    asked.push(checkpoint?.id ?? null)
    if (options.fail?.(pulls)) throw new Error('network')
    const from = checkpoint ? docs.findIndex((d) => d.id === checkpoint.id) + 1 : 0
    const documents = docs.slice(from, from + size)
    const last = documents.at(-1)
    return { documents, checkpoint: last ? { id: last.id, updatedAt: last.updated_at } : checkpoint }
  })
  return { docs, pull, asked }
}

function pullWith(source: ReturnType<typeof feed>, options: { write?: (docs: readonly Doc[]) => Promise<void> } = {}) {
  const written: string[][] = []
  // the back-offs asked for; each retry runs at once here
  const retries: number[] = []
  let stored: Checkpoint | undefined
  const afterCatchUp = vi.fn(async () => undefined)
  const pull = new FeedPull<Doc>({
    label: 'products',
    pull: source.pull,
    write:
      options.write ??
      (async (docs) => {
        written.push(docs.map((d) => d.id))
      }),
    checkpoint: {
      read: async () => stored,
      write: async (checkpoint) => {
        stored = checkpoint
      },
    },
    batchSize: 2,
    retryAfter: (ms, run) => {
      retries.push(ms)
      const id = setTimeout(run, 5)
      return () => clearTimeout(id)
    },
    afterCatchUp,
  })
  return { pull, written, checkpoint: () => stored, afterCatchUp, retries }
}

describe('products pull', () => {
  it('pulls batch after batch until a short one, moving the checkpoint after each written batch', async () => {
    const source = feed(5)
    const { pull, written, checkpoint, afterCatchUp } = pullWith(source)
    const active: boolean[] = []
    pull.active$.subscribe((a) => active.push(a))
    pull.reSync()
    await pull.awaitInSync()
    expect(written).toEqual([['1', '2'], ['3', '4'], ['5']])
    expect(source.asked).toEqual([null, '2', '4'])
    expect(checkpoint()?.id).toBe('5')
    expect(afterCatchUp).toHaveBeenCalledTimes(1)
    expect(active).toEqual([false, true, false])
    // in sync: a RESYNC asks once from the checkpoint and writes nothing
    pull.reSync()
    await vi.waitFor(() => expect(source.asked).toEqual([null, '2', '4', '5']))
    expect(written).toHaveLength(3)
  })

  it('a batch not written leaves the checkpoint where it was: the batch is pulled again', async () => {
    const source = feed(4)
    let failOnce = true
    const written: string[][] = []
    const { pull, checkpoint } = pullWith(source, {
      write: async (docs) => {
        if (docs[0]?.id === '3' && failOnce) {
          failOnce = false
          throw new Error('quota')
        }
        written.push(docs.map((d) => d.id))
      },
    })
    pull.reSync()
    await pull.awaitInSync()
    expect(written).toEqual([
      ['1', '2'],
      ['3', '4'],
    ])
    expect(source.asked).toEqual([null, '2', '2', '4'])
    expect(checkpoint()?.id).toBe('4')
  })

  it("tries a failed pull again after the worker's back-off", async () => {
    const source = feed(3, { fail: (n) => n === 2 })
    const { pull, written, retries } = pullWith(source)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    onTestFinished(() => warn.mockRestore())
    pull.reSync()
    await pull.awaitInSync()
    expect(written).toEqual([['1', '2'], ['3']])
    expect(source.asked).toEqual([null, '2', '2'])
    expect(retries).toEqual([1000])
    // the log names what failed
    expect(warn).toHaveBeenCalledWith('[products] the pull failed; trying again', expect.any(Error))
  })

  it('backs off doubling while the pull keeps failing, and starts again from the first delay once it succeeded', async () => {
    const source = feed(3, { fail: (n) => n >= 2 && n <= 4 })
    const { pull, retries } = pullWith(source)
    pull.reSync()
    await pull.awaitInSync()
    expect(retries).toEqual([1000, 2000, 4000])
  })

  it('writes live changes without moving the checkpoint', async () => {
    const source = feed(2)
    const { pull, written, checkpoint } = pullWith(source)
    pull.reSync()
    await pull.awaitInSync()
    const before = checkpoint()
    await pull.applyChanges([doc(9), { ...doc(1), _deleted: true }])
    expect(written.at(-1)).toEqual(['9', '1'])
    expect(checkpoint()).toEqual(before)
  })

  it('pause stops after the batch in hand, resume goes on from the checkpoint; cancel stops for good', async () => {
    const source = feed(6)
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const written: string[][] = []
    const { pull } = pullWith(source, {
      write: async (docs) => {
        if (written.length === 0) await gate
        written.push(docs.map((d) => d.id))
      },
    })
    pull.reSync()
    await vi.waitFor(() => expect(source.asked).toEqual([null]))
    const paused = pull.pause()
    release()
    await paused
    expect(written).toEqual([['1', '2']])
    expect(source.asked).toEqual([null])
    pull.reSync()
    expect(source.asked).toEqual([null])
    pull.resume()
    await pull.awaitInSync()
    expect(written).toEqual([
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ])
    await pull.cancel()
    pull.reSync()
    await pull.applyChanges([doc(7)])
    expect(written).toHaveLength(3)
  })
})
