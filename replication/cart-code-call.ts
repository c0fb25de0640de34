/**
 * What coupons (replication/cart-coupon) and gift cards (replication/cart-giftcard) share: a code
 * sent to the server cart, which needs the network. A 4xx answer is the server's word on the code;
 * a transient failure (no network, a proxy page, "retry later") means "not now", never a refused
 * code. After a change the totals are read again (spec §4 "Coupon": a forced totals sync).
 */
import type { ApiClient } from './api-client'
import { ApiError, isTransientError } from './api-errors'
import type { CartStore } from './cart-store'

export interface CartCodeDeps {
  api: Pick<ApiClient, 'cartTotals'>
  store: CartStore
}

/** How a code call went: done (on `cartId`), refused (the server's ApiError), or not now. */
export type CartCodeCall = { kind: 'done'; cartId: string } | { kind: 'refused'; error: ApiError } | { kind: 'unreachable' }

/** The server's refusal of the code (4xx that is not "retry later"), or null. */
export function refusalOf(error: unknown): ApiError | null {
  if (error instanceof ApiError && !isTransientError(error) && error.code >= 400 && error.code < 500) return error
  return null
}

/** Runs `call` on the server cart; no server cart yet counts as unreachable. Unexpected errors are thrown. */
export async function callOnServerCart(deps: CartCodeDeps, call: (cartId: string) => Promise<unknown>): Promise<CartCodeCall> {
  const { serverCartId: cartId } = await deps.store.getState()
  if (!cartId) return { kind: 'unreachable' }
  try {
    await call(cartId)
  } catch (error) {
    const refused = refusalOf(error)
    if (refused) return { kind: 'refused', error: refused }
    if (isTransientError(error)) return { kind: 'unreachable' }
    throw error
  }
  return { kind: 'done', cartId }
}

/** Fresh totals after a code changed; a failure leaves the old ones (the next sync reads them again). */
export async function refreshTotals(deps: CartCodeDeps, cartId: string): Promise<void> {
  try {
    await deps.store.setState({ totals: await deps.api.cartTotals(cartId) })
  } catch (error) {
    if (!isTransientError(error) && !(error instanceof ApiError)) throw error
  }
}
