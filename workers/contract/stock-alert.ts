/**
 * A back-in-stock request as the UI asks it (workers/catalog/stock-alert-module). The worker answers
 * keys, never text: the UI words them.
 */

/** `invalid`: the address is not one (the UI checks it first; the worker checks again) */
export type StockAlertError = 'invalid'

export interface StockAlertResult {
  ok: boolean
  error?: StockAlertError
}
