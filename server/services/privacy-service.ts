/**
 * Data protection (spec §7 "Data protection"; be-nl-domain §7, GDPR art. 15, 17, 20).
 * Each call takes the customer's password again and is logged in privacy_requests with its outcome
 * (the customer's number, the action, the time: no personal data).
 *
 * - download: one JSON document of what the shop holds about the customer (profile, address book,
 *   their carts on the server, their orders with lines, newsletter state with its consent times and source,
 *   their back-in-stock subscriptions (waiting and ended), these requests,
 *   their social login links: provider and subject id, no token; their reviews).
 * - anonymise: the account stays as an anonymous row that nobody can sign in to; its addresses,
 *   carts (open ones and those of its orders), social login links, newsletter and back-in-stock subscriptions and
 *   reviews (by the account, or as a guest with its address) go;
 *   every login ends. Their orders are kept for the books (amounts, VAT, dates, country) with every
 *   personal field replaced by a placeholder, detached from the account.
 * - delete: the account row and everything hanging on it go (logins, reset links, addresses,
 *   carts, newsletter, back-in-stock subscriptions, social login links, reviews); the orders are anonymised as above and kept (tax retention: NL 7, BE 10 years).
 * Only orders bound to the account count as theirs: guest orders with the same address are not
 * exported (the address was never proven to be theirs).
 * What may fail: a wrong password → PrivacyPasswordError (400); storage errors propagate.
 */
import { createHash, randomBytes } from 'node:crypto'
import { PRIVACY_MESSAGES, type PrivacyAction, type PrivacyExport } from '../../domain/api/privacy.schema'
import { USER_MESSAGES } from '../../domain/api/user.schema'
import type { Storage, Repositories } from '../storage'
import type { AddressRow, CustomerRow } from '../storage/customer-repository'
import type { OrderRow } from '../storage/order-repository'
import type { AccessClaims } from './auth-tokens'
import { InvalidRequestError, UnauthorizedError } from './errors'
import { hashPassword, verifyPassword } from './passwords'
import { newOpaqueToken } from './auth-tokens'

export class PrivacyPasswordError extends InvalidRequestError {
  override name = 'PrivacyPasswordError'
  constructor() {
    super(PRIVACY_MESSAGES.passwordWrong)
  }
}

export const ANONYMOUS = 'Anonymous'
const ANONYMISED = 'Anonymised'
const LEGAL_BASIS =
  'GDPR art. 15 and 20. Orders are kept after erasure, without personal data, for the tax retention period (art. 17(3)(b); NL 7 years, BE 10 years).'

/** Every string in `value` holding one of `needles` (case-insensitive) becomes `Anonymous`. */
export function scrub(value: unknown, needles: readonly string[]): unknown {
  if (typeof value === 'string') {
    const lower = value.toLowerCase()
    return needles.some((n) => lower.includes(n)) ? ANONYMOUS : value
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, needles))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, needles)]))
  return value
}

/** An order address with only what the books need: the country (VAT); names and lines are placeholders. */
function anonymousAddress(address: Record<string, unknown> | null, email: string): Record<string, unknown> | null {
  if (address === null) return null
  return {
    firstname: ANONYMOUS,
    lastname: ANONYMOUS,
    street: [ANONYMISED],
    city: ANONYMISED,
    postcode: ANONYMISED,
    country_id: address.country_id ?? null,
    email,
  }
}

/** The strings that identify the person: their profile, address book and the addresses on their orders. */
function needlesOf(row: CustomerRow, addresses: readonly AddressRow[], orders: readonly OrderRow[]): string[] {
  const found = new Set<string>([row.email, row.firstname, row.lastname, `${row.firstname} ${row.lastname}`])
  const personal = ['firstname', 'lastname', 'street', 'city', 'postcode', 'telephone', 'email', 'company', 'vat_id', 'region']
  const add = (v: unknown): void => {
    if (typeof v === 'string') found.add(v)
    else if (Array.isArray(v)) v.forEach(add)
    else if (v && typeof v === 'object' && 'region' in v) add((v as { region: unknown }).region)
  }
  for (const a of addresses) for (const key of personal) add((a as unknown as Record<string, unknown>)[key])
  for (const o of orders) {
    add(o.email)
    for (const address of [o.billing_address, o.shipping_address]) if (address) for (const key of personal) add(address[key])
  }
  return [...found].map((s) => s.trim().toLowerCase()).filter((s) => s.length >= 2)
}

export function createPrivacyService(storage: Storage, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString()

  /** The customer of the token, once their password is right; every outcome is logged. */
  async function authorise(claims: AccessClaims, password: string, action: PrivacyAction): Promise<CustomerRow> {
    const row = await storage.customers.findById(claims.customerId)
    if (!row) throw new UnauthorizedError(USER_MESSAGES.notAuthorized)
    if (!(await verifyPassword(password, row.password_hash))) {
      await storage.privacy.logRequest(row.id, action, 'refused', now())
      throw new PrivacyPasswordError()
    }
    return row
  }

  async function allOrders(repos: Repositories, customerId: number): Promise<OrderRow[]> {
    return (await repos.orders.listForCustomer(customerId, 1_000_000, 0)).orders
  }

  /**
   * Replaces the personal data on the customer's orders and detaches them, and removes their carts,
   * newsletter subscription, back-in-stock subscriptions and reviews (inside a transaction). Answers
   * the store views whose shown reviews went.
   */
  async function anonymiseOrders(repos: Repositories, row: CustomerRow, anonEmail: string, at: string): Promise<string[]> {
    const orders = await allOrders(repos, row.id)
    const needles = needlesOf(row, await repos.customers.listAddresses(row.id), orders)
    const lines = await repos.orders.listLinesOf(orders.map((o) => o.id))
    for (const o of orders) {
      await repos.privacy.anonymiseOrder(
        o.id,
        {
          email: anonEmail,
          billing: anonymousAddress(o.billing_address, anonEmail)!,
          shipping: anonymousAddress(o.shipping_address, anonEmail),
          additional: o.payment_method_additional === null ? null : (scrub(o.payment_method_additional, needles) as Record<string, unknown>),
        },
        at,
      )
    }
    for (const l of lines) {
      if (l.product_option === null) continue
      const cleaned = scrub(l.product_option, needles)
      if (JSON.stringify(cleaned) !== JSON.stringify(l.product_option)) await repos.privacy.setOrderLineOption(l.id, cleaned as Record<string, unknown>)
    }
    await repos.privacy.deleteCarts(
      row.id,
      orders.map((o) => o.cart_id),
    )
    await repos.newsletter.deleteForCustomer(row.id, row.email_key)
    await repos.stockAlerts.deleteForCustomer(row.id, row.email_key)
    return repos.reviews.deleteOfCustomer(row.id, row.email_key)
  }

  /** After the commit: the store views whose shown reviews went drop their cached catalogue answers. */
  function announceReviews(storeCodes: readonly string[]): void {
    for (const storeCode of storeCodes) storage.changes.publish({ storeCode, collection: 'cms', rows: [], resync: true })
  }

  const anonymousEmail = () => `anon-${createHash('sha256').update(randomBytes(16)).digest('hex').slice(0, 16)}@example.invalid`

  return {
    async download(claims: AccessClaims, password: string): Promise<PrivacyExport> {
      const row = await authorise(claims, password, 'download')
      const addresses = await storage.customers.listAddresses(row.id)
      const orders = await allOrders(storage, row.id)
      const lines = await storage.orders.listLinesOf(orders.map((o) => o.id))
      const newsletter = await storage.newsletter.findForCustomer(row.id, row.email_key)
      await storage.privacy.logRequest(row.id, 'download', 'done', now())
      return {
        exported_at: now(),
        legal_basis: LEGAL_BASIS,
        profile: {
          id: row.id,
          email: row.email,
          firstname: row.firstname,
          lastname: row.lastname,
          store_code: row.store_code,
          created_at: row.created_at,
          updated_at: row.updated_at,
        },
        addresses: addresses.map(({ customer_id: _c, ...a }) => ({ ...a })),
        carts: (await storage.privacy.cartsOf(row.id)).map(({ id: _id, ...cart }) => cart),
        orders: orders.map(({ request_hash: _r, client_order_id: _c, ...o }) => ({
          ...o,
          items: lines.filter((l) => l.order_id === o.id).map(({ order_id: _o, cart_item_id: _i, ...l }) => ({ ...l })),
        })),
        newsletter: newsletter && {
          email: newsletter.email,
          status: newsletter.status,
          source: newsletter.source,
          store_code: newsletter.store_code,
          requested_at: newsletter.requested_at,
          confirmed_at: newsletter.confirmed_at,
          unsubscribed_at: newsletter.unsubscribed_at,
        },
        stock_subscriptions: (await storage.stockAlerts.listForCustomer(row.id, row.email_key)).map((a) => ({
          email: a.email,
          store_code: a.store_code,
          product_sku: a.product_sku,
          sku: a.sku,
          created_at: a.created_at,
          notified_at: a.notified_at,
        })),
        privacy_requests: await storage.privacy.listRequests(row.id),
        social_links: (await storage.socialLinks.listForCustomer(row.id)).map(({ provider, subject, email, created_at }) => ({
          provider,
          subject,
          email,
          created_at,
        })),
        reviews: (await storage.reviews.listOfCustomer(row.id, row.email_key)).map((r) => ({
          id: r.id,
          store_code: r.store_code,
          product_id: r.product_id,
          sku: r.sku,
          title: r.doc.title,
          detail: r.doc.detail,
          nickname: r.doc.nickname,
          rating: r.doc.rating,
          status: r.status,
          created_at: r.created_at,
        })),
      }
    },

    async anonymise(claims: AccessClaims, password: string): Promise<void> {
      const row = await authorise(claims, password, 'anonymise')
      const anonEmail = anonymousEmail()
      const unusable = await hashPassword(newOpaqueToken())
      const at = now()
      const reviewStores = await storage.transaction(async (repos) => {
        const stores = await anonymiseOrders(repos, row, anonEmail, at)
        await repos.privacy.deleteAddresses(row.id)
        // the provider account must not sign in to the anonymous row
        await repos.socialLinks.deleteForCustomer(row.id)
        await repos.customers.revokeFamiliesOf(row.id, 'anonymised', at)
        await repos.customers.usePasswordResets(row.id, at)
        await repos.privacy.anonymiseCustomer(
          row.id,
          { email: anonEmail, emailKey: anonEmail, firstname: ANONYMOUS, lastname: ANONYMOUS, passwordHash: unusable },
          at,
        )
        await repos.privacy.logRequest(row.id, 'anonymise', 'done', at)
        return stores
      })
      announceReviews(reviewStores)
    },

    async delete(claims: AccessClaims, password: string): Promise<void> {
      const row = await authorise(claims, password, 'delete')
      const at = now()
      const reviewStores = await storage.transaction(async (repos) => {
        const stores = await anonymiseOrders(repos, row, anonymousEmail(), at)
        await repos.privacy.deleteCustomer(row.id)
        await repos.privacy.logRequest(row.id, 'delete', 'done', at)
        return stores
      })
      announceReviews(reviewStores)
    },
  }
}
export type PrivacyService = ReturnType<typeof createPrivacyService>
