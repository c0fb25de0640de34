/**
 * GA4's e-commerce events as the tag manager reads them from the dataLayer: the standard event
 * names, and items with item_id, item_name, price and quantity; value in the currency, from the
 * shop's integer cents (a sum of floats drifts by a cent). Plain functions: what a page saw goes in,
 * the dataLayer entry comes out.
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
    ...(inList ? { index } : {}),
    ...(inList && details.listName ? { item_list_name: details.listName } : {}),
  }))
  const sumCents = lines.reduce((sum, line) => sum + Math.round(line.priceCents) * line.qty, 0)
  const ecommerce: EcommerceData = { currency, value: toAmount(details.valueCents ?? sumCents), items }
  if (inList && details.listName) ecommerce.item_list_name = details.listName
  if (name === 'add_shipping_info' && details.shippingTier) ecommerce.shipping_tier = details.shippingTier
  if (name === 'add_payment_info' && details.paymentType) ecommerce.payment_type = details.paymentType
  if (name === 'purchase') {
    ecommerce.transaction_id = details.transactionId ?? ''
    ecommerce.tax = toAmount(details.taxCents ?? 0)
    ecommerce.shipping = toAmount(details.shippingCents ?? 0)
  }
  return { event: name, ecommerce }
}
