/**
 * The outbox's runner (workers/outbox/outbox) on its own and with the task job over a real
 * SyncQueue: one gate, one loop in a fixed order, one back-off, one timer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiClient } from '../../replication/api-client'
import { RetryLaterError } from '../../replication/api-errors'
import { SyncQueue } from '../../replication/sync-queue'
import type { SyncTask } from '../../replication/sync-task'
import { DONE, Outbox, WAITING, type JobKind, type JobOutcome, type OutboxJob } from '../../workers/outbox/outbox'
import { TaskJob } from '../../workers/outbox/task-job'
import { deferred } from '../fixtures/deferred'
import { MemoryTaskStore } from '../fixtures/memory-task-store'

afterEach(() => {
  vi.useRealTimers()
})

/** A job whose runs are recorded and whose outcomes the test sets. */
class FakeJob implements OutboxJob {
  runs: boolean[] = []
  outcomes: JobOutcome[] = []
  constructor(
    readonly kind: JobKind,
    private readonly log: string[] = [],
  ) {}
  async run(forced: boolean): Promise<JobOutcome> {
    this.runs.push(forced)
    this.log.push(this.kind)
    return this.outcomes.shift() ?? DONE
  }
}

function outbox(gate = { open: true }) {
  vi.useFakeTimers()
  const timers: number[] = []
  const box = new Outbox({
    canRun: () => gate.open,
    now: () => Date.now(),
    setTimer: (run, ms) => {
      timers.push(ms)
      const id = setTimeout(run, ms)
      return () => clearTimeout(id)
    },
  })
  return { box, timers, gate }
}

const notNow = (seconds: number) => new RetryLaterError('http://shop/api/x', 503, seconds * 1000)

describe('Outbox', () => {
  it('runs a woken job at once, and in a pass runs the due jobs in order: cart, tasks, orders', async () => {
    const { box } = outbox()
    const log: string[] = []
    const jobs = (['orders', 'tasks', 'cart'] as const).map((kind) => new FakeJob(kind, log))
    for (const job of jobs) box.register(job)
    await box.wake('orders')
    expect(log).toEqual(['orders'])
    log.length = 0
    void box.wake('orders', { delayMs: 10 })
    void box.wake('tasks', { delayMs: 10 })
    void box.wake('cart', { delayMs: 10 })
    await vi.advanceTimersByTimeAsync(10)
    expect(log).toEqual(['cart', 'tasks', 'orders'])
  })

  it('a burst of delayed wakes gives one run, on one timer', async () => {
    const { box, timers } = outbox()
    const cart = new FakeJob('cart')
    box.register(cart)
    for (let i = 0; i < 5; i += 1) void box.wake('cart', { delayMs: 50 })
    await vi.advanceTimersByTimeAsync(49)
    expect(cart.runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(cart.runs).toEqual([false])
    expect(timers).toEqual([50])
  })

  it('a wake during a run gives one more run after it, never two at once', async () => {
    const { box } = outbox()
    const gate = deferred<void>()
    let running = 0
    let most = 0
    let runs = 0
    box.register({
      kind: 'tasks',
      run: async () => {
        runs += 1
        running += 1
        most = Math.max(most, running)
        if (runs === 1) await gate.promise
        running -= 1
        return DONE
      },
    })
    const first = box.wake('tasks')
    // wakes before the run reads anything are that run's; these come while it runs
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toBe(1)
    const second = box.wake('tasks')
    const third = box.wake('tasks')
    gate.resolve()
    await Promise.all([first, second, third])
    expect(runs).toBe(2)
    expect(most).toBe(1)
  })

  it('nothing runs while the gate is closed (offline, or not the leader); the asked run waits for a wake', async () => {
    const { box, gate } = outbox({ open: false })
    const tasks = new FakeJob('tasks')
    box.register(tasks)
    await box.wake('tasks')
    expect(tasks.runs).toEqual([])
    gate.open = true
    await box.wake('tasks', { now: true })
    expect(tasks.runs).toEqual([true])
  })

  it('a job that failed for now backs off (doubling from 1 s), a plain wake waits for the back-off, a wake `now` does not', async () => {
    const { box } = outbox()
    const orders = new FakeJob('orders')
    orders.outcomes = [
      { kind: 'retry', error: new Error('502') },
      { kind: 'retry', error: new Error('502') },
    ]
    box.register(orders)
    await box.wake('orders')
    expect(orders.runs).toHaveLength(1)
    // a change of the orders meanwhile does not call the failing server again at once
    await box.wake('orders')
    await vi.advanceTimersByTimeAsync(999)
    expect(orders.runs).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(orders.runs).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(orders.runs).toHaveLength(2)
    // the shopper's own send (or the connection's return) goes at once
    await box.wake('orders', { now: true })
    expect(orders.runs).toEqual([false, false, true])
    // it succeeded: the back-off starts again from 1 s at the next failure
    orders.outcomes = [{ kind: 'retry', error: new Error('502') }]
    await box.wake('orders')
    expect(orders.runs).toHaveLength(4)
    await vi.advanceTimersByTimeAsync(1000)
    expect(orders.runs).toHaveLength(5)
  })

  it("a server's Retry-After sets the back-off", async () => {
    const { box } = outbox()
    const cart = new FakeJob('cart')
    cart.outcomes = [{ kind: 'retry', error: notNow(7) }]
    box.register(cart)
    await box.wake('cart')
    await vi.advanceTimersByTimeAsync(6_999)
    expect(cart.runs).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(cart.runs).toHaveLength(2)
  })

  it('a job that throws is reported and waits for the next wake; the others still run', async () => {
    vi.useFakeTimers()
    const errors: string[] = []
    const box = new Outbox({ canRun: () => true, now: () => Date.now(), onError: (kind, error) => errors.push(`${kind}: ${(error as Error).message}`) })
    box.register({
      kind: 'cart',
      run: async () => {
        throw new Error('bug')
      },
    })
    const tasks = new FakeJob('tasks')
    box.register(tasks)
    void box.wake('cart')
    await box.wake('tasks')
    expect(errors).toEqual(['cart: bug'])
    expect(tasks.runs).toHaveLength(1)
  })

  it('exclusive work waits for the pass under way, and no job runs while it does', async () => {
    const { box } = outbox()
    const log: string[] = []
    const gate = deferred<void>()
    box.register({
      kind: 'cart',
      run: async () => {
        log.push('sync starts')
        await gate.promise
        log.push('sync ends')
        return DONE
      },
    })
    const sync = box.wake('cart')
    await vi.advanceTimersByTimeAsync(0)
    const cleared = box.exclusive(async () => {
      log.push('clear')
    })
    void box.wake('cart', { now: true })
    gate.resolve()
    await Promise.all([sync, cleared])
    await vi.advanceTimersByTimeAsync(0)
    expect(log).toEqual(['sync starts', 'sync ends', 'clear', 'sync starts', 'sync ends'])
  })

  it('stop leaves no timer and runs nothing more', async () => {
    const { box } = outbox()
    const cart = new FakeJob('cart')
    cart.outcomes = [{ kind: 'retry', error: new Error('502') }]
    box.register(cart)
    await box.wake('cart')
    box.stop()
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(cart.runs).toHaveLength(1)
  })
})

describe('the task job', () => {
  it('"not now" (429 with Retry-After) keeps the task first in line, untransmitted, and the outbox sends it again after the server\'s delay', async () => {
    vi.useFakeTimers()
    const store = new MemoryTaskStore()
    let busy = true
    const calls: string[] = []
    const results: SyncTask[] = []
    const fetch = async (_url: string, init: RequestInit = {}) => {
      calls.push(String(init.body))
      return busy
        ? new Response(JSON.stringify({ code: 429, result: 'Too many requests: try again in 7 seconds' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '7' },
          })
        : new Response(JSON.stringify({ code: 200, result: true }), { headers: { 'content-type': 'application/json' } })
    }
    const queue = new SyncQueue({
      store,
      clock: { now: () => Date.now() },
      api: new ApiClient({ baseUrl: 'http://shop', storeCode: 'en', fetch }),
      tokens: { token: () => null, cartId: () => 'c', refresh: async () => null, logout: () => undefined },
      onResult: (task) => results.push(task),
    })
    const box = new Outbox({ canRun: () => true, now: () => Date.now() })
    box.register(new TaskJob({ queue, needsCart: () => undefined }))
    const post = (n: number) => ({ url: '/api/ext/recommendations/log/sale', payload: { method: 'POST', headers: {}, body: JSON.stringify({ n }) } })
    const first = await queue.enqueue(post(1))
    const second = await queue.enqueue(post(2))
    await box.wake('tasks')
    // the first was answered 429: nothing was given up, and the second did not overtake it
    expect(calls).toEqual(['{"n":1}'])
    expect(results).toEqual([])
    expect(store.tasks.get(first.task_id)).toMatchObject({
      transmited: false,
      attempts: 1,
      last_error: 'API http://shop/api/ext/recommendations/log/sale answered 429: try again later',
    })
    expect(store.tasks.get(second.task_id)).toMatchObject({ transmited: false })
    // a new task meanwhile waits for the back-off too
    await queue.enqueue(post(3))
    await box.wake('tasks')
    expect(calls).toHaveLength(1)

    busy = false
    await vi.advanceTimersByTimeAsync(6_900)
    expect(calls).toHaveLength(1) // not before the server's 7 s
    await vi.advanceTimersByTimeAsync(100)
    expect(calls).toEqual(['{"n":1}', '{"n":1}', '{"n":2}', '{"n":3}'])
    expect(results.map((t) => t.resultCode)).toEqual([200, 200, 200])
    expect(store.tasks.size).toBe(0)
  })

  it('a task that needs the cart id and finds none asks for the cart sync and waits', async () => {
    const asked: string[] = []
    const queue = new SyncQueue({
      store: new MemoryTaskStore(),
      clock: { now: () => Date.now() },
      api: new ApiClient({ baseUrl: 'http://shop', storeCode: 'en', fetch: async () => new Response('{}') }),
      tokens: { token: () => null, cartId: () => null, refresh: async () => null, logout: () => undefined },
    })
    await queue.enqueue({ url: '/api/cart/update?cartId={{cartId}}', payload: { method: 'POST', headers: {}, body: '{}' } })
    const job = new TaskJob({ queue, needsCart: () => asked.push('cart') })
    expect(await job.run()).toEqual(WAITING)
    expect(asked).toEqual(['cart'])
  })
})

describe('Outbox.after', () => {
  it('runs a retry outside the loop on the one timer, whatever the gate says, and can be cancelled', async () => {
    const { box, gate } = outbox({ open: false })
    const runs: string[] = []
    box.after(2000, () => runs.push('pull'))
    const cancel = box.after(3000, () => runs.push('never'))
    cancel()
    await vi.advanceTimersByTimeAsync(1999)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toEqual(['pull'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toEqual(['pull'])
    expect(vi.getTimerCount()).toBe(0)
    gate.open = true
  })

  it('shares the timer with the jobs: the earliest of both goes first', async () => {
    const { box, timers } = outbox()
    const cart = new FakeJob('cart')
    box.register(cart)
    const runs: string[] = []
    box.after(100, () => runs.push('pull'))
    void box.wake('cart', { delayMs: 50 })
    await vi.advanceTimersByTimeAsync(50)
    expect(cart.runs).toHaveLength(1)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(50)
    expect(runs).toEqual(['pull'])
    expect(timers).toEqual([100, 50, 50])
  })
})

describe('the back-off after progress', () => {
  it('a run that got some work answered before failing starts the back-off again from 1 s', async () => {
    const { box } = outbox()
    const orders = new FakeJob('orders')
    const fail = { kind: 'retry' as const, error: new Error('dropped') }
    orders.outcomes = [fail, fail, { ...fail, progressed: true }, fail]
    box.register(orders)
    await box.wake('orders')
    await vi.advanceTimersByTimeAsync(1000)
    await vi.advanceTimersByTimeAsync(2000)
    expect(orders.runs).toHaveLength(3)
    // the third run sent some before it failed: 1 s again, not 4 s
    await vi.advanceTimersByTimeAsync(1000)
    expect(orders.runs).toHaveLength(4)
  })
})
