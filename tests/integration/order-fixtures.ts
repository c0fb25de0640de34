/** Orders as a VSF1 client sends them (contract §2.3), for the integration tests of orders, payments and gift cards. */

export const NL_ADDRESS = {
  firstname: 'Anna',
  lastname: 'de Vries',
  street: ['Dorpsstraat', '12'],
  city: 'Utrecht',
  postcode: '3511 AB',
  country_id: 'NL',
  telephone: '+31 30 123 4567',
  email: 'anna@example.nl',
}

export const BE_ADDRESS = { ...NL_ADDRESS, firstname: 'Luc', lastname: 'Dubois', city: 'Namur', postcode: '5000', country_id: 'BE', email: 'luc@example.be' }

let sequence = 0
/** An order id as the client picks it: unique per call. */
export const newOrderId = (tag = 'test') => `${Date.now()}-${tag}-${++sequence}-${Math.random().toString(36).slice(2, 10)}`

/** The body VSF1 sends for a cart and its products (flat rate, bank transfer, a Dutch address); `extra` overrides. */
export function orderBody(cartId: string, products: { sku: string; qty: number }[], extra: Record<string, unknown> = {}) {
  return {
    order_id: newOrderId(),
    cart_id: cartId,
    user_id: '',
    store_code: 'en',
    transmited: true,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    // the client's prices are sent and never read
    products: products.map((p) => ({ ...p, price: 0.01, name: p.sku, product_type: 'simple' })),
    addressInformation: {
      shippingAddress: NL_ADDRESS,
      billingAddress: NL_ADDRESS,
      shipping_method_code: 'flatrate',
      shipping_carrier_code: 'flatrate',
      payment_method_code: 'banktransfer',
      payment_method_additional: {},
    },
    ...extra,
  }
}
