/**
 * Who may use a cart (ownership is checked on every cart call): a guest cart (no customer) is
 * anyone's who holds its masked id, with or without a token (contract §1.2: a masked id is a guest
 * cart even for a logged-in customer); a customer's cart only with that customer's valid access
 * token. A forged, expired or revoked token is a 401 for every cart, known or not (the client
 * refreshes and retries). Customers' carts have numbers in a row for ids, guests' 32 random letters
 * and digits: without a token a number is a 401 whether that cart exists or not, and another
 * customer's token gets the unknown cart's 404, so a cart id says nothing about whether it exists
 * or whose it is.
 */
import type { Storage } from '../storage'
import { CartNotFoundError } from './errors'
import type { UserService } from './user-service'

/** customers' carts are numbered (cart-repository createForCustomer); guests' never are (cart-service newMaskedCartId) */
const CUSTOMER_CART_ID = /^\d+$/

export function createCartAccess(storage: Pick<Storage, 'carts'>, users: Pick<UserService, 'authenticate'>) {
  return {
    /** The customer of a token (null without one); UnauthorizedError for a token that is not valid. */
    async customerOf(token: string | undefined): Promise<number | null> {
      return token ? (await users.authenticate(token)).customerId : null
    },

    /**
     * Passes when the request may use the cart; an unknown cart passes too (the call itself answers
     * its 404, and a retried order whose cart is gone is still answered).
     */
    async check(cartId: string, token: string | undefined): Promise<void> {
      // the token first: whether it is valid must not depend on the cart it came with
      const customerId = token ? (await users.authenticate(token)).customerId : null
      // a customer's kind of id without a token: the same 401 for theirs and for none
      if (customerId === null && CUSTOMER_CART_ID.test(cartId)) await users.authenticate(undefined)
      const cart = await storage.carts.find(cartId)
      if (!cart || cart.customer_id === null) return
      if (customerId !== cart.customer_id) throw new CartNotFoundError(cartId)
    },
  }
}
export type CartAccess = ReturnType<typeof createCartAccess>
