/**
 * Who may use a cart (ownership is checked on every cart call): a guest cart (no customer) is
 * anyone's who holds its masked id, with or without a token (contract §1.2: a masked id is a guest
 * cart even for a logged-in customer); a customer's cart only with that customer's valid access
 * token. A forged, expired or revoked token is a 401 for every cart, known or not (the client
 * refreshes and retries). Customers' carts have numbers in a row for ids, guests' 32 random letters
 * and digits: without a token a number is a 401 whether that cart exists or not, and another
 * customer's token gets the unknown cart's 404, so a cart id says nothing about whether it exists
 * or whose it is.
 *
 * An order is the one call VSF1 sends without a token (its `orders.endpoint` has no `{{token}}`):
 * a customer's cart may be ordered without one when its id is a key nobody can guess (15 random
 * digits, cart-service newCustomerCartId), as a guest's masked id is, and the order names the
 * cart's customer as its `user_id`; the order is then that customer's. Carts numbered in a row (made before random ids) still need their owner's token.
 */
import type { Storage } from '../storage'
import { CartNotFoundError } from './errors'
import type { UserService } from './user-service'

/** customers' carts are numbered (cart-service newCustomerCartId); guests' never are (cart-service newMaskedCartId) */
const CUSTOMER_CART_ID = /^\d+$/
/** how many digits a customer cart's random id has; ids numbered in a row never reached this many */
export const CUSTOMER_CART_ID_DIGITS = 15
const RANDOM_CUSTOMER_CART_ID = new RegExp(`^[1-9]\\d{${CUSTOMER_CART_ID_DIGITS - 1}}$`)

export function createCartAccess(storage: Pick<Storage, 'carts'>, users: Pick<UserService, 'authenticate' | 'customerIdOf'>) {
  const customerOf = (token: string | undefined) => users.customerIdOf(token)

  /**
   * Passes when the request may use the cart, answering the token's customer (null without a
   * token); an unknown cart passes too (the call itself answers its 404, and a retried order whose
   * cart is gone is still answered).
   */
  async function check(cartId: string, token: string | undefined): Promise<number | null> {
    // the token first: whether it is valid must not depend on the cart it came with
    const customerId = await customerOf(token)
    // a customer's kind of id without a token: the same 401 for theirs and for none
    if (customerId === null && CUSTOMER_CART_ID.test(cartId)) await users.authenticate(undefined)
    const cart = await storage.carts.find(cartId)
    if (cart && cart.customer_id !== null && customerId !== cart.customer_id) throw new CartNotFoundError(cartId)
    return customerId
  }

  return {
    customerOf,
    check,
    /**
     * Whose order on the cart is: the token's customer (checked as `check` does), else, for a
     * customer's cart with a random id and the body's `user_id` its customer's (as VSF1 sends
     * both), the cart's customer; null for a guest's order. Another `user_id` gets the unknown
     * cart's 404. An unknown cart passes (the order answers its 404, or a retry its stored order).
     */
    async orderCustomer(cartId: string, token: string | undefined, userId: string | number | undefined): Promise<number | null> {
      if (token || !RANDOM_CUSTOMER_CART_ID.test(cartId)) return check(cartId, token)
      const cart = await storage.carts.find(cartId)
      if (!cart || cart.customer_id === null) return null
      if (String(userId ?? '') !== String(cart.customer_id)) throw new CartNotFoundError(cartId)
      return cart.customer_id
    },
  }
}
export type CartAccess = ReturnType<typeof createCartAccess>
