/**
 * The checkout view: the stored details with what stops the order and what it charges, by the one
 * rule of domain/checkout, on the cart as it is now and the shipping method as the shop last offered
 * it. It follows every change of the three (a detail typed, a line or the shop's totals changed, the
 * methods asked again), so the review shows what placing the order would store. Reads the cart's
 * collection and record only; the cart module writes them.
 */
import { type BehaviorSubject, combineLatest, type Observable } from 'rxjs'
import { map } from 'rxjs/operators'
import { checkoutOutcome, chosenShipping, type CheckoutCart, type CheckoutOutcome } from '../../domain/checkout'
import type { CartItem } from '../../domain/cart.schema'
import type { Country } from '../../domain/store-views'
import { appliedGiftCards } from '../../replication/cart-giftcard'
import type { CartSyncState } from '../../replication/cart-store'
import type { CheckoutView, ShippingMethodView } from '../contract/checkout'
import { CART_STATE_ID, toCartItem, toCartState } from '../db/collection-stores'
import type { PolderDatabase } from '../db/database'
import type { CartItemDoc } from '../db/local-schemas'
import { recordValue } from '../db/session-records'
import { CHECKOUT_STATE_ID, toCheckoutView, toStoredCheckout, type StoredCheckout } from './checkout-state'

/** The cart as the checkout counts it: the applied gift cards with what each pays by the shop's totals. */
export function checkoutCart(items: readonly CartItem[], state: CartSyncState): CheckoutCart {
  return { items, totals: state.totals, giftCards: appliedGiftCards(state.giftCards ?? [], state.totals) }
}

/** The checkout of the stored details on this cart; `offered`: the shipping methods as last offered. */
export function outcomeOf(stored: StoredCheckout, items: readonly CartItem[], state: CartSyncState, offered: readonly ShippingMethodView[]): CheckoutOutcome {
  return checkoutOutcome(stored.details, checkoutCart(items, state), chosenShipping(stored.details, offered))
}

export function checkoutView(
  stored: StoredCheckout,
  now: number,
  items: readonly CartItem[],
  state: CartSyncState,
  offered: readonly ShippingMethodView[],
): CheckoutView {
  const { charge, problems } = outcomeOf(stored, items, state, offered)
  return { ...toCheckoutView(stored, now), problems, charge }
}

/** The view of the checkout record, the cart's lines and record, and the offered methods, as each changes. */
export function checkoutView$(
  db: PolderDatabase,
  country: Country,
  now: () => number,
  offered: BehaviorSubject<ShippingMethodView[]>,
): Observable<CheckoutView> {
  return combineLatest([
    db.session.findOne(CHECKOUT_STATE_ID).$,
    db.cart.find({ sort: [{ added_at: 'asc' }] }).$,
    db.session.findOne(CART_STATE_ID).$,
    offered,
  ]).pipe(
    map(([checkoutDoc, itemDocs, stateDoc, methods]) =>
      checkoutView(
        toStoredCheckout(recordValue(checkoutDoc), country),
        now(),
        itemDocs.map((d) => toCartItem(d.toJSON() as CartItemDoc)),
        toCartState(recordValue(stateDoc)),
        methods,
      ),
    ),
  )
}
