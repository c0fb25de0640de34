import type { PolderDatabase } from '../db/database'
import type { Country } from '../../domain/store-views'
import { CheckoutStore, toCheckoutView } from './checkout-state'

/** spec §4 "In checkout" now, as the checkout record says (the cart keeps its notices quiet then). */
export async function isInCheckout(db: PolderDatabase, country: Country, now: () => number): Promise<boolean> {
  return toCheckoutView(await new CheckoutStore(db, country, now).get(), now()).inCheckout
}
