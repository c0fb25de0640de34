/**
 * A customer, their addresses and their orders as the contract answers them (contract §2.1
 * user/me, order-history; Magento's shapes), and an address as the shop stores it. Pure: no I/O.
 */
import { reverseChargeAnswer } from '../../domain/vat-decision'
import type { AddressInputBody, Customer, CustomerAddress, OrderHistoryItem } from '../../domain/api/user.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { AddressInput, AddressRow, CustomerRow } from '../storage/customer-repository'
import type { OrderLineRow, OrderRow } from '../storage/order-repository'

export function toAddressAnswer(a: AddressRow): CustomerAddress {
  return {
    id: a.id,
    customer_id: a.customer_id,
    firstname: a.firstname,
    lastname: a.lastname,
    ...(a.company !== null ? { company: a.company } : {}),
    ...(a.vat_id !== null ? { vat_id: a.vat_id } : {}),
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    region: { region: a.region, region_code: null, region_id: 0 },
    region_id: 0,
    country_id: a.country_id,
    ...(a.telephone !== null ? { telephone: a.telephone } : {}),
    default_shipping: a.default_shipping,
    default_billing: a.default_billing,
  }
}

/** The address as stored: company and vat_id dropped when both are empty (spec §5 "Address"). */
export function toAddressInput(a: AddressInputBody): AddressInput {
  const bothEmpty = !a.company && !a.vat_id
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    company: bothEmpty ? null : a.company,
    vat_id: bothEmpty ? null : a.vat_id,
    street: a.street.filter((line) => line !== ''),
    city: a.city,
    postcode: a.postcode,
    region: a.region,
    country_id: a.country_id,
    telephone: a.telephone,
    default_shipping: a.default_shipping ?? false,
    default_billing: a.default_billing ?? false,
  }
}

export function toCustomerAnswer(row: CustomerRow, addresses: readonly AddressRow[] = [], subscribed = false): Customer {
  const defaultShipping = addresses.find((a) => a.default_shipping)
  const defaultBilling = addresses.find((a) => a.default_billing)
  const view = STORE_VIEWS[row.store_code as StoreCode] ?? STORE_VIEWS.en
  return {
    id: row.id,
    group_id: row.group_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_in: view.name,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    store_id: view.storeId,
    website_id: 1,
    disable_auto_group_change: 0,
    extension_attributes: { is_subscribed: subscribed },
    addresses: addresses.map(toAddressAnswer),
    ...(defaultShipping ? { default_shipping: String(defaultShipping.id) } : {}),
    ...(defaultBilling ? { default_billing: String(defaultBilling.id) } : {}),
  }
}

// nothing is due on a paid, cancelled or refunded order
const SETTLED = new Set(['processing', 'canceled', 'closed'])
const STATES: Record<string, string> = { pending_payment: 'pending_payment', canceled: 'canceled', processing: 'processing', closed: 'closed' }

export function toHistoryItem(order: OrderRow, lines: readonly OrderLineRow[]): OrderHistoryItem {
  const t = order.totals as Record<string, unknown>
  const num = (key: string) => (typeof t[key] === 'number' ? (t[key] as number) : Number(t[key] ?? 0))
  const view = STORE_VIEWS[order.store_code as StoreCode] ?? STORE_VIEWS.en
  return {
    entity_id: order.id,
    increment_id: order.increment_id,
    created_at: order.created_at,
    updated_at: order.updated_at,
    status: order.status,
    // Magento's state of each status (closed: refunded)
    state: STATES[order.status] ?? 'new',
    store_name: view.name,
    customer_email: order.email,
    customer_is_guest: false,
    order_currency_code: 'EUR',
    grand_total: order.grand_total,
    total_due: SETTLED.has(order.status) ? 0 : order.grand_total,
    subtotal: num('subtotal'),
    subtotal_incl_tax: num('subtotal_incl_tax'),
    tax_amount: num('tax_amount'),
    discount_amount: num('discount_amount'),
    shipping_amount: num('shipping_amount'),
    shipping_incl_tax: num('shipping_incl_tax'),
    coupon_code: typeof t.coupon_code === 'string' ? t.coupon_code : null,
    total_qty_ordered: lines.reduce((sum, l) => sum + l.qty, 0),
    items: lines.map((l) => ({
      item_id: l.id,
      sku: l.sku,
      name: l.name,
      product_type: l.product_type,
      qty_ordered: l.qty,
      price: l.price,
      price_incl_tax: l.price_incl_tax,
      row_total: l.row_total,
      row_total_incl_tax: l.row_total_incl_tax,
      tax_percent: l.tax_percent,
      product_option: l.product_option,
    })),
    billing_address: order.billing_address,
    shipping_address: order.shipping_address,
    payment: { method: order.payment_method_code },
    shipping_method: order.shipping_carrier_code ? `${order.shipping_carrier_code}_${order.shipping_method_code}` : '',
    extension_attributes: reverseChargeAnswer(order.totals),
  }
}
