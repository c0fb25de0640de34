/**
 * The cart authorised at login (spec §4 "Login", VSF1 `authorize`): the coupon is taken off the
 * guest's server cart (no sync), the customer's server cart connected (cart/create with the token
 * answers their active cart) and merged with the local lines (domain/cart-diff with mergeQty: a
 * guest line and the customer's line of the same product add up, once), the totals read, the
 * coupon applied again on the customer's cart, and the sync stamped with the token.
 *
 * Fixed on purpose, compared with vue-storefront 1 (contract §6, #5743): a local line already saved
 * as that very server line (a second authorisation: the load/login race, a reload, a renewed
 * session) is never added to itself, so quantities are never doubled. A coupon or gift card the
 * customer's cart refuses is dropped and told (a CartNotice), never kept as if applied.
 */
import type { CartNotice } from '../domain/cart-notice'
import type { ApiClient } from './api-client'
import { ApiError, isTransientError } from './api-errors'
import { syncCart, type CartSyncDeps, type CartSyncResult } from './cart-sync'

export interface CartAuthoriseDeps extends CartSyncDeps {
  api: CartSyncDeps['api'] & Pick<ApiClient, 'applyCoupon' | 'deleteCoupon'>
}

export interface CartAuthoriseResult extends CartSyncResult {
  /** what became of the shopper's coupon: none, applied again on the customer's cart, or refused there */
  coupon: 'none' | 'reapplied' | 'dropped'
}

/** A refusal that is the server's word (not "not now", not the network): the code is dropped. */
function refusal(error: unknown): ApiError {
  if (!(error instanceof ApiError) || isTransientError(error)) throw error
  return error
}

/**
 * Authorises the local cart for the customer whose token `deps.api` sends. Network failures and
 * "not now" answers propagate with the local cart, its coupon and gift cards kept: the caller tries
 * again when online.
 */
export async function authoriseCart(deps: CartAuthoriseDeps): Promise<CartAuthoriseResult> {
  const { api, store, now } = deps
  const before = await store.getState()
  const coupon = before.coupon ?? null

  // 1. the coupon off the guest's server cart, without a sync (a cart the server no longer knows has none)
  if (coupon && before.serverCartId) {
    try {
      await api.deleteCoupon(before.serverCartId)
    } catch (error) {
      refusal(error)
    }
  }

  // 2. connect: the customer's active server cart
  const cartId = await api.createCart(false)
  const connected = cartId !== before.serverCartId
  if (connected) await store.setState({ serverCartId: cartId, bypassCount: 0, totals: null })

  // 3. merge the local lines into it (quantities add up once), the customer's other lines come in; totals
  const synced = await syncCart(deps, { mergeQty: true })

  // 4. the coupon and gift cards again, on the customer's cart
  const notices: CartNotice[] = []
  const at = now()
  let couponOutcome: CartAuthoriseResult['coupon'] = 'none'
  if (coupon) {
    try {
      await api.applyCoupon(synced.cartId ?? cartId, coupon)
      couponOutcome = 'reapplied'
    } catch (error) {
      couponOutcome = 'dropped'
      notices.push({ id: `${at}-authorise-coupon`, kind: 'couponDropped', code: coupon, text: ApiError.describe(refusal(error).result) })
    }
  }
  const giftCards = before.giftCards ?? []
  const droppedCards: string[] = []
  if (connected && api.applyGiftCard) {
    for (const code of giftCards) {
      try {
        await api.applyGiftCard(synced.cartId ?? cartId, code)
      } catch (error) {
        droppedCards.push(code)
        notices.push({ id: `${at}-authorise-giftcard-${code}`, kind: 'giftCardDropped', code, text: ApiError.describe(refusal(error).result) })
      }
    }
  }

  // 5. the totals with the coupon and cards as the customer's cart has them now
  let totals = synced.totals
  const changedCodes = coupon !== null || (connected && giftCards.length > 0)
  if (changedCodes && (await store.getItems()).length > 0) totals = await api.cartTotals(synced.cartId ?? cartId)
  const state = await store.getState()
  await store.setState({
    totals,
    ...(couponOutcome === 'dropped' ? { coupon: null } : {}),
    ...(droppedCards.length > 0 ? { giftCards: giftCards.filter((code) => !droppedCards.includes(code)) } : {}),
    ...(notices.length > 0 ? { notices: [...(state.notices ?? []), ...notices] } : {}),
  })
  return { ...synced, totals, coupon: couponOutcome }
}
