/**
 * Coupons on the server cart (spec §4 "Coupon": applying or removing forces a totals sync; contract
 * §2.2 apply-coupon, delete-coupon). The code is kept in the cart state, so a replaced server cart
 * gets it again (replication/cart-sync). Needs the network: an unreachable server is said as such,
 * never taken for a refused code (replication/cart-code-call, shared with gift cards).
 */
import { normalizeCouponCode } from '../domain/coupon.schema'
import type { ApiClient } from './api-client'
import { ApiError } from './api-errors'
import { callOnServerCart, refreshTotals, type CartCodeDeps } from './cart-code-call'

export interface CartCouponDeps extends CartCodeDeps {
  api: Pick<ApiClient, 'applyCoupon' | 'deleteCoupon' | 'cartTotals'>
}

export type CouponOutcome =
  | { kind: 'applied'; code: string }
  | { kind: 'removed' }
  /** the server does not take the code (unknown, switched off, expired): its own words */
  | { kind: 'invalid'; code: string; text: string }
  /** no server cart yet, or the server cannot be reached now */
  | { kind: 'unreachable' }

export async function applyCoupon(deps: CartCouponDeps, rawCode: string): Promise<CouponOutcome> {
  const code = normalizeCouponCode(rawCode)
  const call = await callOnServerCart(deps, (cartId) => deps.api.applyCoupon(cartId, code))
  if (call.kind === 'refused') return { kind: 'invalid', code, text: ApiError.describe(call.error.result) }
  if (call.kind === 'unreachable') return call
  await deps.store.setState({ coupon: code })
  await refreshTotals(deps, call.cartId)
  return { kind: 'applied', code }
}

export async function removeCoupon(deps: CartCouponDeps): Promise<CouponOutcome> {
  const { serverCartId } = await deps.store.getState()
  if (!serverCartId) {
    // no server cart: nothing applied there, forget the local code
    await deps.store.setState({ coupon: null })
    return { kind: 'removed' }
  }
  const call = await callOnServerCart(deps, (cartId) => deps.api.deleteCoupon(cartId))
  if (call.kind === 'unreachable') return call
  // a cart the server no longer knows has no coupon either; any other refusal is unexpected
  if (call.kind === 'refused' && call.error.code !== 404) throw call.error
  await deps.store.setState({ coupon: null })
  await refreshTotals(deps, serverCartId)
  return { kind: 'removed' }
}
