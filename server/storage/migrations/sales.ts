/**
 * Migrations 7–10: coupons, orders, payments and gift cards. Never edited once released (server/storage/migrations.ts
 * runs them); a new version goes at the end.
 */
import type { Migration } from './migration'

export const SALES_MIGRATIONS: Migration[] = [
  {
    version: 7,
    name: "coupons, and the cart's coupon, shipping country and shipping method",
    statements: [
      // code is stored upper-case (domain/coupon.schema normalizeCouponCode): lookups ignore case
      `CREATE TABLE coupons (
        code text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'free_shipping')),
        amount double precision NOT NULL CHECK (amount >= 0),
        from_date text,
        to_date text,
        is_active boolean NOT NULL DEFAULT true,
        updated_at text NOT NULL
      )`,
      // a coupon the shop deletes leaves the carts that held it without one
      `ALTER TABLE carts ADD COLUMN coupon_code text REFERENCES coupons (code) ON DELETE SET NULL`,
      // what checkout chose (shipping-information); NULL until then: the store view's country, store pickup
      `ALTER TABLE carts ADD COLUMN shipping_country text`,
      `ALTER TABLE carts ADD COLUMN shipping_carrier_code text`,
      `ALTER TABLE carts ADD COLUMN shipping_method_code text`,
    ],
  },
  {
    version: 8,
    name: 'orders, order lines and per store view order numbers',
    statements: [
      // client_order_id is the client's order_id (contract §2.3): the idempotency key, unique so a
      // retried order can never be stored twice; cart_id unique: a cart becomes one order
      `CREATE TABLE orders (
        id serial PRIMARY KEY,
        client_order_id text NOT NULL UNIQUE,
        request_hash text NOT NULL,
        increment_id text NOT NULL UNIQUE,
        store_code text NOT NULL,
        cart_id text NOT NULL UNIQUE,
        customer_id integer,
        status text NOT NULL,
        email text NOT NULL,
        country_id text NOT NULL,
        shipping_carrier_code text NOT NULL,
        shipping_method_code text NOT NULL,
        payment_method_code text NOT NULL,
        payment_method_additional jsonb,
        billing_address jsonb NOT NULL,
        shipping_address jsonb,
        totals jsonb NOT NULL,
        grand_total double precision NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
      `CREATE INDEX orders_customer_idx ON orders (customer_id, created_at) WHERE customer_id IS NOT NULL`,
      `CREATE TABLE order_lines (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        cart_item_id integer,
        sku text NOT NULL,
        parent_sku text,
        name text NOT NULL,
        product_type text NOT NULL,
        product_option jsonb,
        qty double precision NOT NULL,
        price double precision NOT NULL,
        price_incl_tax double precision NOT NULL,
        row_total double precision NOT NULL,
        row_total_incl_tax double precision NOT NULL,
        tax_amount double precision NOT NULL,
        tax_percent double precision NOT NULL
      )`,
      `CREATE INDEX order_lines_order_idx ON order_lines (order_id, id)`,
      // the last order number handed out per store view (its row lock serialises concurrent orders)
      `CREATE TABLE order_sequences (
        store_code text PRIMARY KEY,
        last_value integer NOT NULL
      )`,
    ],
  },
  {
    version: 9,
    name: 'payments, order comments, order mails and the sandbox payment provider',
    statements: [
      // the shop's record of a payment asked of the provider; provider_payment_id is the provider's
      // key (MultiSafepay: our order number; sandbox: its own id), which a notification names
      `CREATE TABLE payments (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        provider text NOT NULL,
        provider_payment_id text NOT NULL,
        method text NOT NULL,
        amount_cents integer NOT NULL,
        status text NOT NULL,
        redirect_url text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        UNIQUE (provider, provider_payment_id)
      )`,
      // one payment per order: a second post-payment answers the first one's page
      `CREATE UNIQUE INDEX payments_order_idx ON payments (order_id)`,
      // the order's history (spec §4 Payment: comments with status pending_payment / canceled)
      `CREATE TABLE order_comments (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        status text NOT NULL,
        comment text NOT NULL,
        created_at text NOT NULL
      )`,
      `CREATE INDEX order_comments_order_idx ON order_comments (order_id, id)`,
      // each mail of an order is sent once (unique kind per order); a failed one is retried later
      `CREATE TABLE order_mails (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        kind text NOT NULL,
        status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        message_id text,
        updated_at text NOT NULL,
        UNIQUE (order_id, kind)
      )`,
      // the local sandbox provider's own books, as an outside provider would keep them
      `CREATE TABLE sandbox_payments (
        id text PRIMARY KEY,
        order_number text NOT NULL,
        store_code text NOT NULL,
        method text NOT NULL,
        amount_cents integer NOT NULL,
        status text NOT NULL,
        return_url text NOT NULL,
        cancel_url text NOT NULL,
        notification_url text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL
      )`,
    ],
  },
  {
    version: 10,
    name: "gift cards, the cart's applied gift cards and what each order took off them",
    statements: [
      // code is stored upper-case (domain/giftcard.schema normalizeGiftCardCode); money in cents
      `CREATE TABLE giftcards (
        code text PRIMARY KEY,
        balance_cents integer NOT NULL CHECK (balance_cents >= 0),
        currency text NOT NULL DEFAULT 'EUR',
        expires_at text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        updated_at text NOT NULL
      )`,
      // the cards a cart will pay with, in the order they were applied (applied_seq)
      `CREATE TABLE cart_giftcards (
        cart_id text NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
        code text NOT NULL REFERENCES giftcards (code) ON DELETE CASCADE,
        applied_seq serial,
        applied_at text NOT NULL,
        PRIMARY KEY (cart_id, code)
      )`,
      // what an order took off each card; unique per (order, card): a card is charged once per order
      `CREATE TABLE giftcard_redemptions (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        code text NOT NULL REFERENCES giftcards (code),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        created_at text NOT NULL,
        UNIQUE (order_id, code)
      )`,
    ],
  },
  {
    version: 23,
    name: 'gift cards issued for the gift card products of paid orders, and their mails',
    statements: [
      // one card per unit of a gift card line; the mail to its recipient is claimed before it is
      // sent (mail_status), and waits until send_on (the buyer's chosen date, Europe/Brussels)
      `CREATE TABLE giftcard_issues (
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        line_id integer NOT NULL,
        seq integer NOT NULL,
        code text NOT NULL UNIQUE REFERENCES giftcards (code),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        store_code text NOT NULL,
        recipient_email text NOT NULL,
        recipient_name text NOT NULL DEFAULT '',
        sender_name text NOT NULL DEFAULT '',
        message text NOT NULL DEFAULT '',
        send_on text,
        mail_status text NOT NULL DEFAULT 'waiting' CHECK (mail_status IN ('waiting', 'sending', 'sent', 'failed', 'void')),
        mail_attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        PRIMARY KEY (line_id, seq)
      )`,
      `CREATE INDEX giftcard_issues_order ON giftcard_issues (order_id)`,
      `CREATE INDEX giftcard_issues_mail ON giftcard_issues (mail_status, send_on)`,
    ],
  },
  {
    version: 24,
    name: "the buyer's VAT number on a cart, so its totals before the order are the order's",
    statements: [
      // what checkout sent with shipping-information, and the registry's word on it then (null:
      // not asked, or it could not say); the order asks the registry again when it is placed
      `ALTER TABLE carts ADD COLUMN billing_country text`,
      `ALTER TABLE carts ADD COLUMN billing_vat_id text`,
      `ALTER TABLE carts ADD COLUMN billing_vat_valid boolean`,
    ],
  },
  {
    version: 25,
    name: 'order mails recorded with the order or payment change that makes them due',
    statements: [
      // 'due': written in the transaction that stored the order or its payment, so a process that
      // dies after the commit leaves a mail that any process sends, never an order without one
      `ALTER TABLE order_mails DROP CONSTRAINT IF EXISTS order_mails_status_check`,
      `ALTER TABLE order_mails ADD CONSTRAINT order_mails_status_check CHECK (status IN ('due', 'sending', 'sent', 'failed'))`,
      `CREATE INDEX order_mails_waiting ON order_mails (status, updated_at) WHERE status <> 'sent'`,
    ],
  },
  {
    version: 26,
    name: 'payment attempts: an order may ask the provider again after a failed or unanswered create',
    statements: [
      // one row an attempt; the row is claimed ('creating') before the provider is called, so two
      // requests never create two payments for one attempt, and a failed create ('create_failed')
      // leaves the order waiting for the next attempt
      `ALTER TABLE payments ADD COLUMN attempt integer NOT NULL DEFAULT 1`,
      `ALTER TABLE payments ADD COLUMN last_error text`,
      // when the provider was last asked about it (the recheck of pending payments asks the longest unasked first)
      `ALTER TABLE payments ADD COLUMN checked_at text`,
      `UPDATE payments SET checked_at = updated_at`,
      `DROP INDEX payments_order_idx`,
      `CREATE UNIQUE INDEX payments_order_attempt_idx ON payments (order_id, attempt)`,
      `CREATE INDEX payments_open_idx ON payments (checked_at) WHERE status = 'pending'`,
    ],
  },
  {
    version: 27,
    name: "a guest order's key: it is reached by its number only with the key its client was given",
    statements: [
      // guest orders stored before keep none: nobody can reach them by number any more
      `ALTER TABLE orders ADD COLUMN order_token text`,
    ],
  },
  {
    version: 28,
    name: 'orders waiting for their payment, by age: the sweep that ends their hold on the stock',
    statements: [`CREATE INDEX orders_waiting_idx ON orders (status, created_at) WHERE status IN ('pending_payment', 'pending')`],
  },
]
