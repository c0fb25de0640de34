/**
 * Shipping methods of the shop (spec §9): store pickup 0.00 (default), flat rate 5.99. `amount` is
 * the price a shopper pays, VAT included (the VAT in it follows the goods: domain/cart-totals);
 * `net` is the price a buyer who pays no VAT (a reverse charge) is charged, 5.99 without 21 %.
 * Kept apart from the schemas so the pages that show an order's shipping (order pages, the
 * checkout's outcome) do not load zod on the main thread.
 */
export const SHIPPING_METHODS = [
  { carrier_code: 'storepickup', method_code: 'storepickup', amount: 0, net: 0, default: true },
  { carrier_code: 'flatrate', method_code: 'flatrate', amount: 5.99, net: 4.95, default: false },
] as const
