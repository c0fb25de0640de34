/**
 * Migrations 11–17: customer accounts, their address books, newsletter subscriptions, the
 * privacy request log, customer carts, social login links, the address saves' idempotency keys and
 * the time of a mailbox's last unsubscribe link mail.
 * The customer area numbers its migrations 11–19; the catalogue listing's are 20 on
 * (migrations/catalogue-listing.ts). Never edited once released (server/storage/migrations.ts runs
 * them); a new version goes at the end.
 *
 * - customers.email_key (trimmed, lower case) is unique: one account per mailbox.
 * - A login starts a refresh family; each refresh uses up its token and adds the next one to the
 *   family. Tokens are stored as their SHA-256 only, so a copy of the database signs nobody in.
 * - Password resets: the same, one row per mailed link, used once.
 * - auth_secrets: the key access tokens are signed with when AUTH_SECRET is not configured, made once
 *   and shared by every process on the database (a key per process would log customers out at random).
 */
import type { Migration } from './migration'

export const CUSTOMER_MIGRATIONS: Migration[] = [
  {
    version: 11,
    name: 'customers, refresh token families, password resets and the token signing secret',
    statements: [
      `CREATE TABLE customers (
        id serial PRIMARY KEY,
        email text NOT NULL,
        email_key text NOT NULL UNIQUE,
        firstname text NOT NULL,
        lastname text NOT NULL,
        password_hash text NOT NULL,
        group_id integer NOT NULL DEFAULT 1,
        store_code text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
      `CREATE TABLE refresh_families (
        id text PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        created_at text NOT NULL,
        revoked_at text,
        revoked_reason text
      )`,
      `CREATE INDEX refresh_families_customer_idx ON refresh_families (customer_id)`,
      `CREATE TABLE refresh_tokens (
        token_hash text PRIMARY KEY,
        family_id text NOT NULL REFERENCES refresh_families (id) ON DELETE CASCADE,
        created_at text NOT NULL,
        expires_at text NOT NULL,
        used_at text
      )`,
      `CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`,
      `CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        created_at text NOT NULL,
        expires_at text NOT NULL,
        used_at text
      )`,
      `CREATE INDEX password_resets_customer_idx ON password_resets (customer_id)`,
      `CREATE TABLE auth_secrets (
        name text PRIMARY KEY,
        value text NOT NULL,
        created_at text NOT NULL
      )`,
    ],
  },
  {
    version: 12,
    name: 'customer address book',
    statements: [
      // street is the address lines as the client sends them (street, house number); at most one
      // default shipping and one default billing address per customer (the service clears the others)
      `CREATE TABLE customer_addresses (
        id serial PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        firstname text NOT NULL,
        lastname text NOT NULL,
        company text,
        vat_id text,
        street jsonb NOT NULL,
        city text NOT NULL,
        postcode text NOT NULL,
        region text,
        country_id text NOT NULL,
        telephone text,
        default_shipping boolean NOT NULL DEFAULT false,
        default_billing boolean NOT NULL DEFAULT false,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
      `CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id, id)`,
    ],
  },
  {
    version: 13,
    name: 'newsletter subscriptions (double opt-in) and the log of privacy requests',
    statements: [
      // one row per mailbox (email_key as customers.email_key): pending until the mailed link is
      // confirmed; the confirmation token is stored as its SHA-256 only and cleared once used.
      // customer_id: the customer who subscribed while logged in (their export and erasure find it)
      `CREATE TABLE newsletter_subscriptions (
        id serial PRIMARY KEY,
        email text NOT NULL,
        email_key text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
        customer_id integer REFERENCES customers (id) ON DELETE SET NULL,
        store_code text NOT NULL,
        source text NOT NULL,
        token_hash text UNIQUE,
        token_expires_at text,
        requested_at text NOT NULL,
        confirmed_at text,
        unsubscribed_at text,
        updated_at text NOT NULL
      )`,
      `CREATE INDEX newsletter_subscriptions_customer_idx ON newsletter_subscriptions (customer_id) WHERE customer_id IS NOT NULL`,
      // the data protection calls, for accountability (GDPR art. 5(2)): which account, what, whether
      // it was done; no personal data (customer_id is a bare number, kept after the account is deleted)
      `CREATE TABLE privacy_requests (
        id serial PRIMARY KEY,
        customer_id integer NOT NULL,
        action text NOT NULL CHECK (action IN ('download', 'anonymise', 'delete')),
        outcome text NOT NULL CHECK (outcome IN ('done', 'refused')),
        created_at text NOT NULL
      )`,
      `CREATE INDEX privacy_requests_customer_idx ON privacy_requests (customer_id, id)`,
    ],
  },
  {
    version: 14,
    name: "customer carts: numeric ids and the lookup of a customer's active cart",
    statements: [
      // a customer's cart id is numeric, as Magento's quote id (contract §1.2); guest carts keep their masked ids
      `CREATE SEQUENCE customer_cart_ids START WITH 1000001`,
      `CREATE INDEX carts_customer_idx ON carts (customer_id, store_code, created_at) WHERE customer_id IS NOT NULL`,
    ],
  },
  {
    version: 15,
    name: 'social login links',
    statements: [
      // a provider account (provider + its subject id, the id_token's sub) logs in to one customer;
      // no provider token is kept. email: the address the provider gave when linked (shown to the customer)
      `CREATE TABLE social_links (
        id serial PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        provider text NOT NULL,
        subject text NOT NULL,
        email text,
        created_at text NOT NULL,
        UNIQUE (provider, subject)
      )`,
      `CREATE INDEX social_links_customer_idx ON social_links (customer_id, id)`,
    ],
  },
  {
    version: 16,
    name: 'the idempotency keys of address book saves',
    statements: [
      // one row per key a customer's address save carried (domain/api/address-book): a save sent again
      // after its answer was lost finds its key and adds nothing. No personal data; gone with the customer
      `CREATE TABLE customer_address_requests (
        customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        request_key text NOT NULL,
        created_at text NOT NULL,
        PRIMARY KEY (customer_id, request_key)
      )`,
    ],
  },
  {
    version: 17,
    name: 'the time a newsletter mailbox was last sent its unsubscribe link on request',
    statements: [
      // an unsubscribe asked without proof mails the address its link; at most one such mail per
      // mailbox in a while, whichever process answers, so nobody can flood a mailbox through the shop
      `ALTER TABLE newsletter_subscriptions ADD COLUMN unsubscribe_mailed_at text`,
    ],
  },
  {
    version: 18,
    name: 'customer cart ids are drawn at random',
    statements: [
      // cart-service newCustomerCartId: a customer cart's id is 15 random digits, not the next in a row
      `DROP SEQUENCE IF EXISTS customer_cart_ids`,
    ],
  },
]
