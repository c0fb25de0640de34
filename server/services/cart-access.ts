/**
 * Who may use a cart (issue 11, "ownership everywhere"): a guest cart (no customer) is anyone's who
 * holds its masked id, with or without a token (contract §1.2: a masked id is a guest cart even for a
 * logged-in customer); a customer's cart only with that customer's valid access token. No token, or
 * a forged, expired or revoked one, is a 401 (the client refreshes and retries); another customer's
 * token gets the unknown cart's 404, so a cart id says nothing about whose it is.
 */
import type { Storage } from '../storage'
import { CartNotFoundError } from './errors'
import type { UserService } from './user-service'

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
      const cart = await storage.carts.find(cartId)
      if (!cart || cart.customer_id === null) return
      const claims = await users.authenticate(token)
      if (claims.customerId !== cart.customer_id) throw new CartNotFoundError(cartId)
    },
  }
}
export type CartAccess = ReturnType<typeof createCartAccess>
