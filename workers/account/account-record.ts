/**
 * The customer session as the local database keeps it: one `session` record, `user`, holding the
 * access token, its refresh token and the customer's profile, so a reload (or another tab) keeps
 * the shopper logged in. Tokens stay in the worker: the UI gets an AccountView without them.
 * A second record, `token-request`, is how a tab that is not the leader asks the leader to renew
 * an expired access token (only the leader refreshes: two refreshes of one rotating refresh token
 * would look like reuse to the server, which then revokes the whole login).
 */
import type { SocialLink } from '../../domain/api/social-login.schema'
import type { Customer, CustomerAddress } from '../../domain/api/user.schema'
import type { Notification } from '../../domain/notifications'
import { bookEntries, type PendingAddressChange } from './address-entries'
import type { AccountView } from '../contract/account'

export const USER_RECORD_ID = 'user'
export const TOKEN_REQUEST_ID = 'token-request'

export interface AccountRecord {
  accessToken?: string
  refreshToken?: string
  customer?: (Pick<Customer, 'id' | 'email' | 'firstname' | 'lastname' | 'group_id'> & { addresses?: CustomerAddress[] }) | null
  /** epoch ms of the login */
  since?: number
  /** set by a silent logout (the refresh failed); cleared when the shopper has been told */
  sessionEnded?: boolean
  /** a name change saved offline, queued as a sync task until the server took it */
  pendingProfile?: { firstname: string; lastname: string } | null
  /** address changes saved offline, queued as sync tasks until the server answered them */
  pendingAddresses?: PendingAddressChange[]
  /** the answers to those changes, until the shopper has been told */
  addressNotices?: Notification[]
  /** the customer's social links as the server last listed them */
  socialLinks?: SocialLink[]
}

/** The `user` record's stored value as the account reads it (none: a guest). */
export function toAccountRecord(value: Record<string, unknown> | undefined): AccountRecord {
  return (value ?? {}) as AccountRecord
}

export function isLoggedIn(record: AccountRecord): boolean {
  return Boolean(record.accessToken && record.refreshToken)
}

export function toAccountView(record: AccountRecord): AccountView {
  const { customer, pendingProfile } = record
  return {
    loggedIn: isLoggedIn(record),
    customer:
      isLoggedIn(record) && customer
        ? { email: customer.email, firstname: pendingProfile?.firstname ?? customer.firstname, lastname: pendingProfile?.lastname ?? customer.lastname }
        : null,
    profilePending: Boolean(isLoggedIn(record) && pendingProfile),
    sessionEnded: record.sessionEnded === true,
    addresses: isLoggedIn(record) ? bookEntries(customer?.addresses ?? [], record.pendingAddresses ?? []) : [],
    addressNotices: isLoggedIn(record) ? (record.addressNotices ?? []) : [],
    socialLinks: isLoggedIn(record)
      ? (record.socialLinks ?? []).map((link) => ({ linkId: link.link_id, provider: link.type, email: link.email, createdAt: link.created_at }))
      : [],
  }
}

/** The part of the server's customer the device keeps. */
export function toStoredCustomer(customer: Customer): NonNullable<AccountRecord['customer']> {
  return {
    id: customer.id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    group_id: customer.group_id,
    addresses: customer.addresses,
  }
}

/** The access token of a stored `user` record's value (the cart's hash reads it). */
export function tokenOfRecord(value: Record<string, unknown> | undefined): string | null {
  return toAccountRecord(value).accessToken ?? null
}
