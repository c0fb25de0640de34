/**
 * Customer accounts and their tokens (migration 11). Only hashes of tokens reach these tables
 * (server/services/auth-tokens.ts makes them). Refresh tokens are used up under their row's lock
 * (`useRefreshToken`), so two refreshes with one token take turns: the second finds it used.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface CustomerRow {
  id: number
  email: string
  email_key: string
  firstname: string
  lastname: string
  password_hash: string
  group_id: number
  store_code: string
  created_at: string
  updated_at: string
}

export interface NewCustomer {
  email: string
  emailKey: string
  firstname: string
  lastname: string
  passwordHash: string
  storeCode: string
}

/** A refresh token's row as found, with its family's state. */
export interface RefreshTokenRow {
  token_hash: string
  family_id: string
  customer_id: number
  expires_at: string
  used_at: string | null
  revoked_at: string | null
}

export interface PasswordResetRow {
  token_hash: string
  customer_id: number
  expires_at: string
  used_at: string | null
}

export interface AddressRow {
  id: number
  customer_id: number
  firstname: string
  lastname: string
  company: string | null
  vat_id: string | null
  street: string[]
  city: string
  postcode: string
  region: string | null
  country_id: string
  telephone: string | null
  default_shipping: boolean
  default_billing: boolean
}

export type AddressInput = Omit<AddressRow, 'id' | 'customer_id'>

const ADDRESS_COLUMNS = sql.raw(
  'id, customer_id, firstname, lastname, company, vat_id, street, city, postcode, region, country_id, telephone, default_shipping, default_billing',
)
const toAddress = (r: AddressRow): AddressRow => ({ ...r, id: Number(r.id), customer_id: Number(r.customer_id) })

const COLUMNS = sql.raw('id, email, email_key, firstname, lastname, password_hash, group_id, store_code, created_at, updated_at')

const toCustomer = (r: CustomerRow): CustomerRow => ({ ...r, id: Number(r.id), group_id: Number(r.group_id) })

export function createCustomerRepository(db: Db) {
  return {
    /** The new customer, or null when the e-mail address is taken. */
    async insert(c: NewCustomer, now: string): Promise<CustomerRow | null> {
      const rows = await db.query<CustomerRow>(sql`
        INSERT INTO customers (email, email_key, firstname, lastname, password_hash, store_code, created_at, updated_at)
        VALUES (${c.email}, ${c.emailKey}, ${c.firstname}, ${c.lastname}, ${c.passwordHash}, ${c.storeCode}, ${now}, ${now})
        ON CONFLICT (email_key) DO NOTHING
        RETURNING ${COLUMNS}`)
      return rows[0] ? toCustomer(rows[0]) : null
    },
    async findById(id: number): Promise<CustomerRow | null> {
      const rows = await db.query<CustomerRow>(sql`SELECT ${COLUMNS} FROM customers WHERE id = ${id}`)
      return rows[0] ? toCustomer(rows[0]) : null
    },
    async findByEmailKey(emailKey: string): Promise<CustomerRow | null> {
      const rows = await db.query<CustomerRow>(sql`SELECT ${COLUMNS} FROM customers WHERE email_key = ${emailKey}`)
      return rows[0] ? toCustomer(rows[0]) : null
    },
    /** The updated customer; null when the new e-mail address belongs to another account. */
    async updateProfile(id: number, p: { email: string; emailKey: string; firstname: string; lastname: string }, now: string): Promise<CustomerRow | null> {
      const taken = await db.query(sql`SELECT 1 FROM customers WHERE email_key = ${p.emailKey} AND id <> ${id}`)
      if (taken.length > 0) return null
      const rows = await db.query<CustomerRow>(sql`
        UPDATE customers SET email = ${p.email}, email_key = ${p.emailKey}, firstname = ${p.firstname}, lastname = ${p.lastname}, updated_at = ${now}
        WHERE id = ${id} RETURNING ${COLUMNS}`)
      return rows[0] ? toCustomer(rows[0]) : null
    },
    async setPasswordHash(id: number, passwordHash: string, now: string): Promise<void> {
      await db.query(sql`UPDATE customers SET password_hash = ${passwordHash}, updated_at = ${now} WHERE id = ${id}`)
    },

    // --- refresh tokens
    async startFamily(familyId: string, customerId: number, now: string): Promise<void> {
      await db.query(sql`INSERT INTO refresh_families (id, customer_id, created_at) VALUES (${familyId}, ${customerId}, ${now})`)
    },
    async addRefreshToken(tokenHash: string, familyId: string, now: string, expiresAt: string): Promise<void> {
      await db.query(sql`
        INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at) VALUES (${tokenHash}, ${familyId}, ${now}, ${expiresAt})`)
    },
    /** The token with its family's state, its row locked until the transaction ends. */
    async lockRefreshToken(tokenHash: string): Promise<RefreshTokenRow | null> {
      const rows = await db.query<RefreshTokenRow>(sql`
        SELECT t.token_hash, t.family_id, f.customer_id, t.expires_at, t.used_at, f.revoked_at
        FROM refresh_tokens t JOIN refresh_families f ON f.id = t.family_id
        WHERE t.token_hash = ${tokenHash} FOR UPDATE OF t`)
      return rows[0] ? { ...rows[0], customer_id: Number(rows[0].customer_id) } : null
    },
    async markRefreshTokenUsed(tokenHash: string, now: string): Promise<void> {
      await db.query(sql`UPDATE refresh_tokens SET used_at = ${now} WHERE token_hash = ${tokenHash}`)
    },
    async revokeFamily(familyId: string, reason: string, now: string): Promise<void> {
      await db.query(sql`UPDATE refresh_families SET revoked_at = ${now}, revoked_reason = ${reason} WHERE id = ${familyId} AND revoked_at IS NULL`)
    },
    /** Revokes every login of the customer but `keep` (a password change keeps the session it was made in). */
    async revokeFamiliesOf(customerId: number, reason: string, now: string, keep?: string): Promise<void> {
      await db.query(sql`
        UPDATE refresh_families SET revoked_at = ${now}, revoked_reason = ${reason}
        WHERE customer_id = ${customerId} AND revoked_at IS NULL AND id <> ${keep ?? ''}`)
    },
    /** Whether the login is still on (its access tokens count only while it is). */
    async familyActive(familyId: string, customerId: number): Promise<boolean> {
      const rows = await db.query(sql`
        SELECT 1 FROM refresh_families WHERE id = ${familyId} AND customer_id = ${customerId} AND revoked_at IS NULL`)
      return rows.length > 0
    },

    // --- password resets
    async addPasswordReset(tokenHash: string, customerId: number, now: string, expiresAt: string): Promise<void> {
      await db.query(sql`
        INSERT INTO password_resets (token_hash, customer_id, created_at, expires_at) VALUES (${tokenHash}, ${customerId}, ${now}, ${expiresAt})`)
    },
    async lockPasswordReset(tokenHash: string): Promise<PasswordResetRow | null> {
      const rows = await db.query<PasswordResetRow>(sql`
        SELECT token_hash, customer_id, expires_at, used_at FROM password_resets WHERE token_hash = ${tokenHash} FOR UPDATE`)
      return rows[0] ? { ...rows[0], customer_id: Number(rows[0].customer_id) } : null
    },
    /** Uses up every open reset link of the customer (a new password makes older links void). */
    async usePasswordResets(customerId: number, now: string): Promise<void> {
      await db.query(sql`UPDATE password_resets SET used_at = ${now} WHERE customer_id = ${customerId} AND used_at IS NULL`)
    },

    // --- address book
    async listAddresses(customerId: number): Promise<AddressRow[]> {
      const rows = await db.query<AddressRow>(sql`SELECT ${ADDRESS_COLUMNS} FROM customer_addresses WHERE customer_id = ${customerId} ORDER BY id`)
      return rows.map(toAddress)
    },
    async insertAddress(customerId: number, a: AddressInput, now: string): Promise<AddressRow> {
      const rows = await db.query<AddressRow>(sql`
        INSERT INTO customer_addresses (customer_id, firstname, lastname, company, vat_id, street, city, postcode, region, country_id,
          telephone, default_shipping, default_billing, created_at, updated_at)
        VALUES (${customerId}, ${a.firstname}, ${a.lastname}, ${a.company}, ${a.vat_id}, ${JSON.stringify(a.street)}::jsonb, ${a.city},
          ${a.postcode}, ${a.region}, ${a.country_id}, ${a.telephone}, ${a.default_shipping}, ${a.default_billing}, ${now}, ${now})
        RETURNING ${ADDRESS_COLUMNS}`)
      return toAddress(rows[0]!)
    },
    /** The updated address, or null when the customer has no address with this id. */
    async updateAddress(customerId: number, id: number, a: AddressInput, now: string): Promise<AddressRow | null> {
      const rows = await db.query<AddressRow>(sql`
        UPDATE customer_addresses SET firstname = ${a.firstname}, lastname = ${a.lastname}, company = ${a.company}, vat_id = ${a.vat_id},
          street = ${JSON.stringify(a.street)}::jsonb, city = ${a.city}, postcode = ${a.postcode}, region = ${a.region},
          country_id = ${a.country_id}, telephone = ${a.telephone}, default_shipping = ${a.default_shipping},
          default_billing = ${a.default_billing}, updated_at = ${now}
        WHERE id = ${id} AND customer_id = ${customerId}
        RETURNING ${ADDRESS_COLUMNS}`)
      return rows[0] ? toAddress(rows[0]) : null
    },
    /**
     * Records that the customer's address save named `key` is being applied: true the first time,
     * false when that save was applied before (a repeat after a lost answer). Inside the save's
     * transaction, so a save that fails leaves its key unused; a repeat sent at the same moment waits
     * for the first one's commit on the key's row.
     */
    async claimAddressRequest(customerId: number, key: string, now: string): Promise<boolean> {
      const rows = await db.query(sql`
        INSERT INTO customer_address_requests (customer_id, request_key, created_at) VALUES (${customerId}, ${key}, ${now})
        ON CONFLICT (customer_id, request_key) DO NOTHING RETURNING request_key`)
      return rows.length > 0
    },
    /** Clears the default flag on every address of the customer but `keep`. */
    async clearDefault(customerId: number, flag: 'default_shipping' | 'default_billing', keep: number, now: string): Promise<void> {
      await db.query(sql`
        UPDATE customer_addresses SET ${sql.raw(flag)} = false, updated_at = ${now}
        WHERE customer_id = ${customerId} AND id <> ${keep} AND ${sql.raw(flag)}`)
    },
    /** Whether the customer had an address with this id (it is gone now). */
    async deleteAddress(customerId: number, id: number): Promise<boolean> {
      const rows = await db.query(sql`DELETE FROM customer_addresses WHERE id = ${id} AND customer_id = ${customerId} RETURNING id`)
      return rows.length > 0
    },

    // --- signing secret
    /** The stored secret named `name`; `candidate` is stored first when there is none (first start wins). */
    async ensureSecret(name: string, candidate: string, now: string): Promise<string> {
      await db.query(sql`INSERT INTO auth_secrets (name, value, created_at) VALUES (${name}, ${candidate}, ${now}) ON CONFLICT (name) DO NOTHING`)
      const rows = await db.query<{ value: string }>(sql`SELECT value FROM auth_secrets WHERE name = ${name}`)
      return rows[0]!.value
    },
  }
}
export type CustomerRepository = ReturnType<typeof createCustomerRepository>
