/**
 * Shipping methods of the shop (spec §9): store pickup 0.00 (default), flat rate 5.99. Kept apart
 * from the schemas so the pages that show an order's shipping (order pages, the checkout's
 * outcome) do not load zod on the main thread (issue 12).
 */
export const SHIPPING_METHODS = [
  { carrier_code: 'storepickup', method_code: 'storepickup', amount: 0, default: true },
  { carrier_code: 'flatrate', method_code: 'flatrate', amount: 5.99, default: false },
] as const
