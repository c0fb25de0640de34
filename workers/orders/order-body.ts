/**
 * Pure steps of an order's life on the device: the stored document as the UI sees it, and the body
 * of POST /api/order (contract §2.3) built once from it and the server cart it is placed from.
 */
import type { OrderAddress as WireAddress, OrderBody } from '../../domain/api/order.schema'
import { streetLines } from '../../domain/address'
import type { ProductOption } from '../../domain/cart.schema'
import { fromCents } from '../../domain/money'
import type { StoreCode } from '../../domain/store-views'
import type { OrderAddress, OrderView } from '../contract/checkout'
import { rowTotalCents } from '../../domain/row-total'
import type { OrderDoc } from './order-schema'

function shopTotals(d: OrderDoc): OrderView['totals'] {
  const charged = d.placed?.grandTotal
  return typeof charged === 'number' ? { ...d.totals, grandTotal: charged } : d.totals
}

/**
 * Whether the order pays no VAT, and both VAT ids: the shop's decision once it placed the order
 * (`placed.vat`, null when VAT is charged), the device's estimate before (or for an order placed
 * before the shop told it).
 */
function reverseChargeView(d: OrderDoc): Pick<OrderView, 'reverseCharge' | 'vatIds'> {
  const vat = d.placed?.vat
  if (vat === undefined) return { reverseCharge: d.reverse_charge }
  return vat ? { reverseCharge: true, vatIds: { customer: vat.customerVatId, shop: vat.shopVatId } } : { reverseCharge: false }
}

export function toOrderView(doc: OrderDoc): OrderView {
  const d = JSON.parse(JSON.stringify(doc)) as OrderDoc
  return {
    order_id: d.order_id,
    created_at: d.created_at,
    storeCode: d.store_code,
    status: d.status,
    email: d.email,
    lines: d.lines,
    lineTotals: Object.fromEntries(d.lines.map((line) => [line.key, rowTotalCents(line)])),
    ...(d.shipping_address ? { shippingAddress: d.shipping_address } : {}),
    billingAddress: d.billing_address,
    ...(d.shipping_method ? { shippingMethod: d.shipping_method } : {}),
    paymentMethod: d.payment_method,
    // what the shop charges is the shop's word (its VAT decision may differ from the device's estimate)
    totals: shopTotals(d),
    ...reverseChargeView(d),
    attempts: d.attempts,
    ...(d.placed ? { placed: d.placed } : {}),
    ...(d.refusal ? { refusal: d.refusal } : {}),
    ...(d.payment ? { payment: d.payment } : {}),
  }
}

function wireAddress(address: OrderAddress, email: string): WireAddress {
  return {
    firstname: address.firstName,
    lastname: address.lastName,
    street: streetLines(address),
    city: address.city,
    postcode: address.postcode,
    country_id: address.country,
    telephone: address.phone,
    email,
    region: '',
    region_id: 0,
    ...(address.company ? { company: address.company } : {}),
    ...(address.vatId ? { vat_id: address.vatId } : {}),
  }
}

/** The order as POST /api/order takes it, from the server cart `cartId` that holds its lines. */
export function orderBody(order: OrderView, cartId: string): OrderBody {
  const billing = wireAddress(order.billingAddress, order.email)
  return {
    order_id: order.order_id,
    cart_id: cartId,
    user_id: '',
    store_code: order.storeCode as StoreCode,
    products: order.lines.map((line) => ({
      sku: line.sku,
      qty: line.qty,
      name: line.name,
      product_type: line.type_id,
      price: fromCents(line.price_incl_tax),
      parentSku: line.parentSku,
      ...(line.product_option ? { product_option: line.product_option as ProductOption } : {}),
    })),
    // a virtual order (nothing shipped) sends neither a delivery address nor a shipping method
    addressInformation: {
      ...(order.shippingAddress ? { shippingAddress: wireAddress(order.shippingAddress, order.email) } : {}),
      billingAddress: { ...billing, email: order.email },
      ...(order.shippingMethod ? { shipping_method_code: order.shippingMethod.methodCode, shipping_carrier_code: order.shippingMethod.carrierCode } : {}),
      payment_method_code: order.paymentMethod.code,
    },
  }
}
