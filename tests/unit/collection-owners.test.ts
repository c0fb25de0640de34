/**
 * Each local collection, and each record of the `session` collection, is written by one worker
 * module; the others call its API (the lists module's clear, the orders module's importHistory, the
 * cart module's setTotals). Read from the source: the writes RxDB offers, called on `db.<name>`, and
 * the session records written by id. The outbox's cart and order jobs are their modules'.
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

/** The module a file belongs to: its folder under workers/ (the outbox's jobs are their modules'). */
function moduleOf(file: string): string {
  const path = relative(WORKERS, file)
  if (path === 'outbox/cart-job.ts') return 'cart'
  if (path === 'outbox/order-job.ts') return 'orders'
  return path.includes('/') ? path.split('/')[0]! : 'root'
}

const COLLECTION_WRITE = /\bdb\.(\w+)\s*\.\s*(?:insert|bulkInsert|upsert|bulkUpsert|incrementalUpsert|bulkRemove)\(/g
const COLLECTION_REMOVE =
  /\bdb\.(\w+)\s*\.\s*find(?:One|ByIds)?\([^)]*\)\s*\.\s*(?:remove|incrementalRemove|patch|incrementalPatch|modify|incrementalModify)\(/g
const RECORD_MODIFY = /modifySessionRecord\(\s*[\w.()]+\s*,\s*(\w+)/g
const RECORD_UPSERT = /session\s*\.\s*upsert\(\s*\{\s*id:\s*(\w+)/g
const RECORD_REMOVE = /session\s*\.\s*findOne\(\s*(\w+)\s*\)\s*\.\s*remove\(/g

/** What each module writes, read from its files: collection names and `session:<record id constant>`. */
export function writersOf(files: readonly { path: string; text: string }[]): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>()
  const note = (target: string, module: string) => writers.set(target, (writers.get(target) ?? new Set()).add(module))
  for (const { path, text } of files) {
    // the store adapters write for whichever module holds them
    if (path.endsWith('db/collection-stores.ts') || path.endsWith('db/session-records.ts')) continue
    const module = moduleOf(path)
    // the session collection's records are written by id, each by its own module
    for (const pattern of [COLLECTION_WRITE, COLLECTION_REMOVE]) for (const match of text.matchAll(pattern)) if (match[1] !== 'session') note(match[1]!, module)
    for (const pattern of [RECORD_MODIFY, RECORD_UPSERT, RECORD_REMOVE]) for (const match of text.matchAll(pattern)) note(`session:${match[1]}`, module)
  }
  return writers
}

describe('collection owners', () => {
  const files = sourceFiles(WORKERS).map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  const writers = writersOf(files)

  it('every collection and session record is written by one module', () => {
    const shared = [...writers].filter(([, modules]) => modules.size > 1).map(([target, modules]) => `${target}: ${[...modules].join(', ')}`)
    expect(shared).toEqual([])
  })

  it('the owners are the ones the design names', () => {
    const owners = Object.fromEntries([...writers].map(([target, modules]) => [target, [...modules].join(', ')]))
    expect(owners).toMatchObject({
      orders: 'orders',
      wishlist: 'lists',
      compare: 'lists',
      productDetails: 'catalog',
      'session:USER_RECORD_ID': 'account',
      'session:TOKEN_REQUEST_ID': 'account',
      'session:CHECKOUT_STATE_ID': 'checkout',
      'session:HELD_ORDERS_ID': 'orders',
      'session:RECENTLY_VIEWED_ID': 'lists',
    })
  })

  it('finds a write of another module (the check can fail)', () => {
    const breach = writersOf([
      ...files,
      { path: join(WORKERS, 'account/breach.ts'), text: 'await db.orders.bulkUpsert(docs); await db.session.findOne(CHECKOUT_STATE_ID).remove()' },
    ])
    expect([...breach.get('orders')!]).toEqual(['orders', 'account'])
    expect([...breach.get('session:CHECKOUT_STATE_ID')!]).toEqual(['checkout', 'account'])
  })
})
