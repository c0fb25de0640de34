/**
 * The address book's PUT body (spec §3 "Customer address sent to the back end", §7 "Address book"):
 * the enclosing customer and the one address saved. One builder for the gateway's call and the
 * queued task (an address saved offline), so both send the same thing. Pure.
 *
 * A PUT of a new address is not idempotent: sent again after its answer was lost (the connection
 * dropped after the server stored it), it would add the address twice. The client names each save
 * with an `Idempotency-Key` header (the IETF httpapi draft's name; a server that does not know it
 * ignores it, as any unknown header); our server applies a key once per customer and answers a
 * repeat with the book as it stands.
 */
import { z } from 'zod'
import type { AddressInputWire } from './user.schema'

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/** A save's key as the client makes it (letters, digits and . _ : -), at most 100 characters. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits or . _ : -')
  .optional()

/** The customer fields the body repeats around its addresses. */
export interface AddressBookCustomer {
  id: number
  email: string
  firstname: string
  lastname: string
  website_id?: number
  store_id?: number
}

export function addressBookBody(customer: AddressBookCustomer, address: AddressInputWire): { customer: Record<string, unknown> } {
  const { id, email, firstname, lastname, website_id = 1, store_id = 1 } = customer
  return { customer: { id, email, firstname, lastname, website_id, store_id, addresses: [{ ...address, customer_id: id }] } }
}
