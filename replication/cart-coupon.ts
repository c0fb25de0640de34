/**
 * Coupons on the server cart (spec §4 "Coupon": applying or removing forces a totals sync; contract
 * §2.2 apply-coupon, delete-coupon). The code is kept in the cart state, so a replaced server cart
 * gets it again (replication/cart-sync). Needs the network: an unreachable server is said as such,
 * never taken for a refused code.
 */
import { normalizeCouponCode } from '../domain/coupon.schema'
import type { ApiClient } from './api-client'
import { ApiError, isTransientError } from './api-errors'
import type { CartStore } from './cart-store'

export interface CartCouponDeps {
  api: Pick<ApiClient, 'applyCoupon' | 'deleteCoupon' | 'cartTotals'>
  store: CartStore
}

export type CouponOutcome =
  | { kind: 'applied'; code: string }
  | { kind: 'removed' }
  /** the server does not take the code (unknown, switched off, expired): its own words */
  | { kind: 'invalid'; code: string; text: string }
  /** no server cart yet, or the server cannot be reached now */
  | { kind: 'unreachable' }

/** Refusals (4xx) are the server's word on the code; anything else means "not now". */
function refusal(error: unknown): string | null {
  if (error instanceof ApiError && !isTransientError(error) && error.code >= 400 && error.code < 500) return ApiError.describe(error.result)
  return null
}

/** Fresh totals after the coupon changed; a failure leaves the old ones (the next sync reads them again). */
async function refreshTotals(deps: CartCouponDeps, cartId: string): Promise<void> {
  try {
    await deps.store.setState({ totals: await deps.api.cartTotals(cartId) })
  } catch (error) {
    if (!isTransientError(error) && !(error instanceof ApiError)) throw error
  }
}

export async function applyCoupon(deps: CartCouponDeps, rawCode: string): Promise<CouponOutcome> {
  const code = normalizeCouponCode(rawCode)
  const { serverCartId: cartId } = await deps.store.getState()
  if (!cartId) return { kind: 'unreachable' }
  try {
    await deps.api.applyCoupon(cartId, code)
  } catch (error) {
    const text = refusal(error)
    if (text !== null) return { kind: 'invalid', code, text }
    if (isTransientError(error)) return { kind: 'unreachable' }
    throw error
  }
  await deps.store.setState({ coupon: code })
  await refreshTotals(deps, cartId)
  return { kind: 'applied', code }
}

export async function removeCoupon(deps: CartCouponDeps): Promise<CouponOutcome> {
  const { serverCartId: cartId } = await deps.store.getState()
  if (!cartId) {
    // no server cart: nothing applied there, forget the local code
    await deps.store.setState({ coupon: null })
    return { kind: 'removed' }
  }
  try {
    await deps.api.deleteCoupon(cartId)
  } catch (error) {
    if (isTransientError(error)) return { kind: 'unreachable' }
    // a cart the server no longer knows has no coupon either
    if (!(error instanceof ApiError) || error.code !== 404) throw error
  }
  await deps.store.setState({ coupon: null })
  await refreshTotals(deps, cartId)
  return { kind: 'removed' }
}
