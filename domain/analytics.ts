/**
 * GA4's e-commerce events as the tag manager reads them from the dataLayer: the standard event
 * names, and items with item_id, item_name, price and quantity; value in the currency, from the
 * shop's integer cents (a sum of floats drifts by a cent). Plain functions: what the shopper did goes
 * in, the dataLayer entry comes out. The data worker records them (workers/analytics) and keeps them
 * until the page can hand them to the tag manager; this file also holds that queue's rules and the
 * cart change that makes add_to_cart and remove_from_cart.
 */

export const ECOMMERCE_EVENTS = [
  'view_item_list',
  'select_item',
  'view_item',
  'add_to_cart',
  'remove_from_cart',
  'view_cart',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
] as const

export type EcommerceEventName = (typeof ECOMMERCE_EVENTS)[number]

/** A product as a page shows it: its sku, name, unit price in cents and quantity. */
export interface EventLine {
  sku: string
  name: string
  priceCents: number
  qty: number
  /** its place in the list shown (list events); else its place among the event's items */
  index?: number
}

export interface AnalyticsItem {
  item_id: string
  item_name: string
  price: number
  quantity: number
  index?: number
  item_list_name?: string
}

export interface EcommerceData {
  currency: string
  value: number
  items: AnalyticsItem[]
  item_list_name?: string
  shipping_tier?: string
  payment_type?: string
  transaction_id?: string
  tax?: number
  shipping?: number
}

export interface EcommerceEvent {
  event: EcommerceEventName
  ecommerce: EcommerceData
}

const toAmount = (cents: number): number => Math.round(cents) / 100

/** Optional details of an event: the list a product was seen in, the chosen shipping or payment, an order's figures. */
export interface EventDetails {
  listName?: string
  shippingTier?: string
  paymentType?: string
  transactionId?: string
  taxCents?: number
  shippingCents?: number
  /** the order's grand total; else the lines' sum */
  valueCents?: number
}

export function ecommerceEvent(name: EcommerceEventName, lines: readonly EventLine[], currency: string, details: EventDetails = {}): EcommerceEvent {
  const inList = name === 'view_item_list' || name === 'select_item'
  const items = lines.map((line, index): AnalyticsItem => ({
    item_id: line.sku,
    item_name: line.name,
    price: toAmount(line.priceCents),
    quantity: line.qty,
    ...(inList ? { index: line.index ?? index } : {}),
    ...(inList && details.listName ? { item_list_name: details.listName } : {}),
  }))
  const sumCents = lines.reduce((sum, line) => sum + Math.round(line.priceCents) * line.qty, 0)
  const ecommerce: EcommerceData = { currency, value: toAmount(details.valueCents ?? sumCents), items }
  if (inList && details.listName) ecommerce.item_list_name = details.listName
  if (name === 'add_shipping_info' && details.shippingTier) ecommerce.shipping_tier = details.shippingTier
  if (name === 'add_payment_info' && details.paymentType) ecommerce.payment_type = details.paymentType
  if (name === 'purchase') {
    ecommerce.transaction_id = details.transactionId ?? ''
    // an amount the order does not know is left out, not sent as zero
    if (details.taxCents !== undefined) ecommerce.tax = toAmount(details.taxCents)
    if (details.shippingCents !== undefined) ecommerce.shipping = toAmount(details.shippingCents)
  }
  return { event: name, ecommerce }
}

/** One event waiting on the device for the tag manager, under an id of its own. */
export interface QueuedEvent {
  id: string
  event: EcommerceEvent
}

/** a long offline visit keeps its latest events; the oldest matter least */
export const MAX_QUEUED_EVENTS = 100

/** The queue with `entry` last, at most `max` long (the oldest dropped); an id already queued is not added again. */
export function enqueue(queue: readonly QueuedEvent[], entry: QueuedEvent, max = MAX_QUEUED_EVENTS): QueuedEvent[] {
  if (queue.some((queued) => queued.id === entry.id)) return [...queue]
  return [...queue, entry].slice(-max)
}

/** The queued events in a stored value; anything that is not one is left out. */
export function parseQueue(value: unknown): QueuedEvent[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (entry): entry is QueuedEvent =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as QueuedEvent).id === 'string' &&
      ECOMMERCE_EVENTS.includes((entry as QueuedEvent).event?.event) &&
      typeof (entry as QueuedEvent).event?.ecommerce === 'object',
  )
}

/** A cart line as the cart keeps it: its key (product and options), sku, name, unit price in cents and quantity. */
export interface CartLineLike {
  key: string
  sku: string
  name: string
  price_incl_tax: number
  qty: number
}

/**
 * What one cart command changed, by line: units added (a new line, a higher quantity) and units taken
 * away (a removed line, a lower quantity). A line whose product changed (another variant) is one
 * line removed and one added, as the shopper sees it.
 */
export function cartChanges(before: readonly CartLineLike[], after: readonly CartLineLike[]): { added: EventLine[]; removed: EventLine[] } {
  const line = (item: CartLineLike, qty: number): EventLine => ({ sku: item.sku, name: item.name, priceCents: item.price_incl_tax, qty })
  const was = new Map(before.map((item) => [item.key, item]))
  const is = new Map(after.map((item) => [item.key, item]))
  const added: EventLine[] = []
  const removed: EventLine[] = []
  for (const item of after) {
    const qty = item.qty - (was.get(item.key)?.qty ?? 0)
    if (qty > 0) added.push(line(item, qty))
  }
  for (const item of before) {
    const qty = item.qty - (is.get(item.key)?.qty ?? 0)
    if (qty > 0) removed.push(line(item, qty))
  }
  return { added, removed }
}

/** A listing as it was last reported: its name and the skus it showed, in order. */
export interface ShownList {
  listName: string
  skus: readonly string[]
}

/**
 * What of a listing is new to report as view_item_list: from which place on (0: the whole list, a
 * new list or another order), or null when nothing is new. "Load more" keeps the places shown and
 * adds to them: only the added ones are new.
 */
export function newlyShown(before: ShownList, now: ShownList): number | null {
  if (now.skus.length === 0) return null
  const continued = before.listName === now.listName && before.skus.length <= now.skus.length && before.skus.every((sku, i) => now.skus[i] === sku)
  if (!continued) return 0
  return before.skus.length === now.skus.length ? null : before.skus.length
}
