/**
 * The worker waits again for the network in one place: the outbox runner's timer (workers/outbox/
 * outbox), which the cart, task and order jobs, the catalogue's pull and the reachability probe all
 * back off on. The other timers of workers/ bound or pace work on the device and retry nothing.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const WORKERS = join(import.meta.dirname, '../../workers')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  )
}

/** The files of workers/ that set a timer, and what their timers are for. */
const TIMERS: Record<string, string> = {
  'outbox/outbox.ts': 'the one retry timer: back-offs, settled bursts, the pull and the probe',
  'catalog/route-prime.ts': 'how long a page load waits for its first products',
  'catalog/product-search.ts': "the search's time-out and the local index's rebuild after changes",
  'catalog/product-mirror.ts': 'the pace of catalogue change notices',
  'cart/cart-module.ts': "how long a command's answer waits for the pages' views",
  'sync-status.ts': 'the pace of minor status changes',
  'kiosk/kiosk-module.ts': "the pace of a kiosk's picture warm-up after catalogue changes (a failed picture waits for the next change or reconnect)",
}

describe('timers in the worker', () => {
  it('only the outbox runner retries; every other timer is a bound or a pace', () => {
    const withTimers = sourceFiles(WORKERS)
      .filter((file) => /\bset(Timeout|Interval)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(WORKERS, file))
      .sort()
    expect(withTimers).toEqual(Object.keys(TIMERS).sort())
  })
})
