/**
 * The address book's entries as the page lists them (workers/account/address-book): the server's
 * addresses as the form holds them, with the changes made offline laid over them. Pure.
 */
import type { CustomerAddress } from '../../domain/api/user.schema'
import { COUNTRIES, type Country } from '../../domain/store-views'
import type { AddressBookEntry, AddressForm } from '../contract/account'

/** A change made offline, waiting in the sync queue. */
export interface PendingAddressChange {
  /** `p-<n>`: the task's meta carries it back */
  localId: string
  /** the stored address it changes; null for a new one */
  addressId: number | null
  action: 'save' | 'delete'
  address?: AddressForm
}

export function toAddressForm(address: CustomerAddress): AddressForm {
  const country = (COUNTRIES as readonly string[]).includes(address.country_id) ? (address.country_id as Country) : COUNTRIES[0]
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    company: address.company ?? '',
    vatId: address.vat_id ?? '',
    country,
    street: address.street[0] ?? '',
    houseNumber: address.street[1] ?? '',
    addition: address.street.slice(2).join(' '),
    postcode: address.postcode,
    city: address.city,
    telephone: address.telephone ?? '',
    defaultShipping: address.default_shipping,
    defaultBilling: address.default_billing,
  }
}

/** The book as the page lists it: the server's addresses with the pending changes laid over them. */
export function bookEntries(addresses: readonly CustomerAddress[], pending: readonly PendingAddressChange[]): AddressBookEntry[] {
  const entries: AddressBookEntry[] = addresses.map((a) => ({ ...toAddressForm(a), key: `a-${a.id}`, id: a.id, pending: null }))
  for (const change of pending) {
    const at = change.addressId === null ? -1 : entries.findIndex((e) => e.id === change.addressId)
    if (change.action === 'delete') {
      if (at >= 0) entries[at] = { ...entries[at]!, pending: 'delete' }
      continue
    }
    const entry: AddressBookEntry = { ...change.address!, key: at >= 0 ? entries[at]!.key : change.localId, id: change.addressId, pending: 'save' }
    if (at >= 0) entries[at] = entry
    else entries.push(entry)
    // spec §5: a new default clears the flag on every other address
    for (const other of entries) {
      if (other === entry) continue
      if (entry.defaultShipping) other.defaultShipping = false
      if (entry.defaultBilling) other.defaultBilling = false
    }
  }
  return entries
}
