/**
 * The address book's PUT body (spec §3 "Customer address sent to the back end", §7 "Address book"):
 * the enclosing customer and the one address saved. One builder for the gateway's call and the
 * queued task (an address saved offline), so both send the same thing. Pure.
 */
import type { AddressInputWire } from './user.schema'

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
