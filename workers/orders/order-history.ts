/**
 * The customer's order history (GET /api/user/order-history, spec §4 "Login": profile and orders
 * loaded) kept in the `orders` collection beside the orders this device placed, so my-orders lists
 * them offline. A history order is stored as a placed order (`history-<increment_id>`, no request
 * body: it is never sent); an order this device placed itself is already there under its own id and
 * is not stored twice. The shape is the collection's own (v1): no migration needed.
 */
import type { OrderHistoryItem } from '../../domain/api/user.schema'
import { toCents } from '../../domain/money'
import type { OrderAddress, OrderLine } from '../contract/checkout'
import type { OrderDoc } from './order-schema'

export const HISTORY_ORDER_PREFIX = 'history-'

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

function toOrderAddress(address: Record<string, unknown> | null): OrderAddress {
  const a = address ?? {}
  const street = Array.isArray(a.street) ? a.street.map(text) : [text(a.street)]
  const country = text(a.country_id) === 'BE' ? 'BE' : 'NL'
  return {
    firstName: text(a.firstname),
    lastName: text(a.lastname),
    country,
    street: street[0] ?? '',
    houseNumber: street[1] ?? '',
    addition: street.slice(2).join(' '),
    postcode: text(a.postcode),
    city: text(a.city),
    phone: text(a.telephone),
    ...(a.company ? { company: text(a.company) } : {}),
    ...(a.vat_id ? { vatId: text(a.vat_id) } : {}),
  }
}

/** What the shop's order status says of its payment (Magento's statuses); nothing for one that says nothing. */
function paymentOfStatus(status: string): { status: 'paid' | 'pending' | 'cancelled' } | null {
  if (status === 'processing' || status === 'complete') return { status: 'paid' }
  if (status === 'pending_payment') return { status: 'pending' }
  if (status === 'canceled' || status === 'closed') return { status: 'cancelled' }
  return null
}

export function toHistoryOrderDoc(item: OrderHistoryItem, storeCode: string): OrderDoc {
  const created = Date.parse(item.created_at.replace(' ', 'T') + (/[zZ]|[+-]\d\d:?\d\d$/.test(item.created_at) ? '' : 'Z'))
  const updated = Date.parse(item.updated_at.replace(' ', 'T') + (/[zZ]|[+-]\d\d:?\d\d$/.test(item.updated_at) ? '' : 'Z'))
  const at = Number.isFinite(created) ? created : 0
  const lines: OrderLine[] = item.items.map((line) => ({
    sku: line.sku,
    parentSku: line.sku,
    name: line.name,
    type_id: line.product_type,
    qty: line.qty_ordered,
    price_incl_tax: toCents(line.price_incl_tax),
    options: [],
    key: `${item.increment_id}-${line.item_id}`,
  }))
  const [carrierCode = '', ...method] = item.shipping_method.split('_')
  const billing = toOrderAddress(item.billing_address)
  // a virtual order ships nothing (no method, no delivery address); the shop's status says whether it is paid
  const shipped = item.shipping_method !== ''
  const payment = paymentOfStatus(item.status)
  const reverse = item.extension_attributes?.reverse_charge
  const vat = reverse ? { customerVatId: reverse.customer_vat_id, shopVatId: reverse.shop_vat_id } : null
  const doc = {
    order_id: `${HISTORY_ORDER_PREFIX}${item.increment_id}`,
    created_at: at,
    updated_at: Number.isFinite(updated) ? updated : at,
    status: 'placed' as const,
    store_code: storeCode,
    email: item.customer_email,
    lines,
    ...(shipped
      ? {
          shipping_address: item.shipping_address ? toOrderAddress(item.shipping_address) : billing,
          shipping_method: { carrierCode, methodCode: method.join('_'), title: item.shipping_method, amount: toCents(item.shipping_incl_tax) },
        }
      : {}),
    billing_address: billing,
    payment_method: { code: item.payment.method, title: item.payment.method },
    totals: {
      subtotal: toCents(item.subtotal_incl_tax),
      discount: toCents(Math.abs(item.discount_amount)),
      shipping: toCents(item.shipping_incl_tax),
      grandTotal: toCents(item.grand_total),
    },
    reverse_charge: Boolean(vat),
    placed: { orderNumber: item.increment_id, backendOrderId: String(item.entity_id), vat },
    attempts: 0,
    ...(payment ? { payment: { ...payment, orderStatus: item.status, checkedAt: Number.isFinite(updated) ? updated : at } } : {}),
  }
  return JSON.parse(JSON.stringify(doc)) as OrderDoc
}

/** The history orders to store: those this device does not hold yet under its own id. */
export function historyToStore(items: readonly OrderHistoryItem[], held: readonly OrderDoc[], storeCode: string): OrderDoc[] {
  const placedHere = new Set(
    held.filter((d) => !d.order_id.startsWith(HISTORY_ORDER_PREFIX)).map((d) => (d.placed as { orderNumber?: string } | undefined)?.orderNumber),
  )
  return items.filter((item) => !placedHere.has(item.increment_id)).map((item) => toHistoryOrderDoc(item, storeCode))
}
