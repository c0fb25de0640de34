/**
 * The clients of the two-process test (two-processes.ts), each doing what the app does against the
 * proxy: an HTTP client that retries like the app's (a few times, backing off, on a lost connection
 * or a 502/503/504), shoppers who fill carts and place orders with their own order ids, a back office
 * that changes prices through the import extension, and a tab's replication stream that reconnects
 * when it drops and pulls from its checkpoint on every RESYNC.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Checkpoint, ReplicatedDocument, StreamEvent } from '../../domain/api/replication.schema'
import { BE_ADDRESS } from '../integration/order-fixtures'

export interface Answer {
  status: number
  body: unknown
  headers?: Headers
}

/** Tries, and their waits before each retry: the app's outbox backs off as these do. */
const RETRY_WAITS_MS = [250, 500, 1_000, 2_000]
const retryable = (status: number) => status === 0 || status === 502 || status === 503 || status === 504

export class ShopClient {
  requests = 0
  retried = 0
  failed: string[] = []
  /** answers 4xx: none is expected of this load (stock is topped up first, no limit is reached) */
  refused: string[] = []

  constructor(private readonly base: string) {}

  /** One attempt; a connection that broke (a process killed under it) is status 0. */
  async once(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: kept as text
      }
      return { status: res.status, body: parsed, headers: res.headers }
    } catch {
      return { status: 0, body: null }
    }
  }

  /**
   * One request as the app sends it: retried on a lost connection or a 502/503/504. `applied` asks,
   * before a retry, whether a write whose answer was lost took effect (the app's cart sync compares
   * with the server's cart): its answer then stands for the write's.
   */
  async call(method: string, path: string, body?: unknown, options: { headers?: Record<string, string>; applied?: () => Promise<Answer | null> } = {}) {
    this.requests += 1
    const what = `${method} ${path.split('?')[0]}`
    let answer = await this.once(method, path, body, options.headers)
    for (const wait of RETRY_WAITS_MS) {
      if (!retryable(answer.status)) break
      this.retried += 1
      await sleep(wait)
      const done = options.applied ? await options.applied() : null
      if (done) return done
      answer = await this.once(method, path, body, options.headers)
    }
    if (retryable(answer.status)) this.failed.push(`${what}: ${answer.status}`)
    if (answer.status >= 400 && answer.status < 500) this.refused.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer
  }
}

export const resultOf = <T>(answer: Answer) => (answer.body as { result: T }).result

// --- shoppers ------------------------------------------------------------------------------

export type Lines = Map<string, number>

export interface ShopperRecord {
  /** carts left with lines, each with the lines the shop acknowledged */
  abandoned: { cartId: string; lines: Lines }[]
  /** orders the shop acknowledged, with the lines they were placed with */
  orders: { orderId: string; orderNumber: string; lines: Lines }[]
  /** cart writes the shop acknowledged */
  cartChanges: number
}

interface CartLine {
  item_id: number
  sku: string
  qty: number
}

const ADDRESS = { ...BE_ADDRESS, email: 'anna.processes@example.be' }

/** One shopper's visit: a cart, two lines added, one changed; then an order, or the cart left (one in three). */
export async function shopperVisit(client: ShopClient, run: string, visit: number, skus: readonly string[], record: ShopperRecord): Promise<void> {
  const created = await client.call('POST', '/api/cart/create?storeCode=en', {})
  if (created.status !== 200) return
  const cartId = resultOf<string>(created)
  const lines: Lines = new Map()
  const cartLines = async (): Promise<CartLine[] | null> => {
    const pulled = await client.call('GET', `/api/cart/pull?cartId=${cartId}`)
    return pulled.status === 200 ? resultOf<CartLine[]>(pulled) : null
  }
  // an add whose answer was lost may have been stored: the retry looks first, as the cart sync does
  const write = async (cartItem: Record<string, unknown>, sku: string, qty: number): Promise<CartLine | null> => {
    const applied = async () => {
      const line = (await cartLines())?.find((l) => l.sku === sku && l.qty === qty)
      return line ? { status: 200, body: { result: line } } : null
    }
    const answer = await client.call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku, qty, ...cartItem } }, { applied })
    if (answer.status !== 200) return null
    record.cartChanges += 1
    lines.set(sku, qty)
    return resultOf<CartLine>(answer)
  }
  const first = skus[(visit * 2) % skus.length]!
  const second = skus[(visit * 2 + 1) % skus.length]!
  const line = await write({}, first, 1)
  await write({}, second, 2)
  if (line) await write({ item_id: line.item_id }, first, 3)
  if (lines.size === 0) return
  if (visit % 3 === 2) {
    record.abandoned.push({ cartId, lines })
    return
  }
  const body = {
    order_id: `${run}-${visit}`,
    cart_id: cartId,
    store_code: 'en',
    products: [...lines].map(([sku, qty]) => ({ sku, qty, price: 0.01, name: sku, product_type: 'simple' })),
    addressInformation: {
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shipping_carrier_code: 'flatrate',
      shipping_method_code: 'flatrate',
      payment_method_code: 'banktransfer',
    },
  }
  // the same order_id and body until the shop answers (the order's idempotency key)
  const placed = await client.call('POST', '/api/order?storeCode=en', body)
  if (placed.status === 200) record.orders.push({ orderId: body.order_id, orderNumber: resultOf<{ orderNumber: string }>(placed).orderNumber, lines })
}

// --- the back office -----------------------------------------------------------------------

/** A price change the shop acknowledged: each has a higher price than any before it. */
export interface PriceChange {
  sku: string
  price: number
}

export async function changePrice(client: ShopClient, key: string, sku: string, price: number): Promise<boolean> {
  return importBatch(client, key, { prices: [{ sku, price }] })
}

/** Stock enough for every order of the run, so none is refused for want of it. */
export async function topUpStock(client: ShopClient, key: string, skus: readonly string[]): Promise<boolean> {
  return importBatch(client, key, { stock: skus.map((sku) => ({ sku, qty: 1_000_000, is_in_stock: true })) })
}

async function importBatch(client: ShopClient, key: string, view: Record<string, unknown>): Promise<boolean> {
  const answer = await client.call('POST', '/api/ext/import/batch', { storeViews: { en: view } }, { headers: { authorization: `Bearer ${key}` } })
  return answer.status === 200
}

// --- a tab's replication stream ------------------------------------------------------------

/**
 * The products of one store view as a tab's replication keeps them: a stream through the proxy,
 * pulls from the checkpoint on every RESYNC, the checkpoint of every pushed batch. Remembers the
 * highest price it saw for each sku, and which processes served it.
 */
export class StreamTab {
  readonly highest = new Map<string, number>()
  readonly servedBy: string[] = []
  connects = 0
  private checkpoint: Checkpoint | undefined
  private readonly stop = new AbortController()
  private running: Promise<void> | undefined
  /** the first RESYNC's pull is done: the tab holds the catalogue */
  ready: Promise<void>
  private markReady!: () => void

  constructor(
    private readonly base: string,
    private readonly client: ShopClient,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve))
  }

  get server(): string | undefined {
    return this.servedBy.at(-1)
  }

  start(): void {
    this.running = this.loop()
  }

  async close(): Promise<void> {
    this.stop.abort()
    await this.running
  }

  private apply(documents: ReplicatedDocument[]): void {
    for (const doc of documents) {
      const sku = String(doc.sku)
      const price = Number(doc.price)
      if (price > (this.highest.get(sku) ?? -Infinity)) this.highest.set(sku, price)
    }
  }

  private async pull(): Promise<void> {
    for (;;) {
      const query = new URLSearchParams({ limit: '200', ...(this.checkpoint ?? {}) })
      const answer = await this.client.call('GET', `/api/ext/replication/v1/en/products/pull?${query}`)
      if (answer.status !== 200) throw new Error(`pull answered ${answer.status}`)
      const page = resultOf<{ documents: ReplicatedDocument[]; checkpoint: Checkpoint | null }>(answer)
      this.apply(page.documents)
      if (page.checkpoint) this.checkpoint = page.checkpoint
      if (page.documents.length < 200) return
    }
  }

  private async handle(event: StreamEvent): Promise<void> {
    if (event.type === 'RESYNC') {
      await this.pull()
      this.markReady()
    } else if (event.collection === 'products') {
      this.apply(event.documents)
      this.checkpoint = event.checkpoint
    }
  }

  private async loop(): Promise<void> {
    while (!this.stop.signal.aborted) {
      try {
        const res = await fetch(`${this.base}/api/ext/replication/v1/en/stream`, { signal: this.stop.signal })
        this.connects += 1
        this.servedBy.push(res.headers.get('x-served-by') ?? '?')
        const decoder = new TextDecoder()
        let buffered = ''
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(chunk, { stream: true })
          let end: number
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const data = buffered
              .slice(0, end)
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n')
            buffered = buffered.slice(end + 2)
            if (data) await this.handle(JSON.parse(data) as StreamEvent)
          }
        }
      } catch {
        // the stream dropped (its process killed) or a pull failed: connect again, as EventSource does
      }
      if (!this.stop.signal.aborted) await sleep(1_000)
    }
  }
}
