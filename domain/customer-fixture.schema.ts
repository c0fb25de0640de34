/**
 * A demo customer as the seed and the fixture files give it (server/seed/FIXTURES.md "customers"):
 * the account with a known password, its address book and its past orders. Order lines carry their
 * price incl. VAT and the VAT percentage; the seed works out the rest of the totals.
 */
import { z } from 'zod'
import { EmailSchema } from './api/user.schema'
import { STORE_CODES } from './store-views'

export const FixtureAddressSchema = z.object({
  firstname: z.string().min(1),
  lastname: z.string().min(1),
  company: z.string().optional(),
  vat_id: z.string().optional(),
  street: z.array(z.string().min(1)).min(1).max(3),
  city: z.string().min(1),
  postcode: z.string().min(1),
  region: z.string().optional(),
  country_id: z.string().regex(/^[A-Z]{2}$/),
  telephone: z.string().optional(),
  default_shipping: z.boolean().default(false),
  default_billing: z.boolean().default(false),
})
export type FixtureAddress = z.infer<typeof FixtureAddressSchema>

export const FixtureOrderLineSchema = z.object({
  sku: z.string().min(1),
  name: z.string().min(1),
  qty: z.number().int().positive(),
  price_incl_tax: z.number().nonnegative(),
  tax_percent: z.number().min(0).max(100),
})

export const FixtureOrderSchema = z.object({
  /** ISO date-time of the order */
  created_at: z.iso.datetime(),
  status: z.enum(['pending', 'processing', 'complete', 'canceled']).default('complete'),
  /** index in the customer's addresses of the address shipped and billed to */
  address: z.number().int().min(0).default(0),
  shipping_method: z.enum(['flatrate', 'storepickup']).default('flatrate'),
  shipping_incl_tax: z.number().nonnegative().default(0),
  payment_method: z.string().min(1).default('banktransfer'),
  lines: z.array(FixtureOrderLineSchema).min(1),
})
export type FixtureOrder = z.infer<typeof FixtureOrderSchema>

export const FixtureCustomerSchema = z.object({
  /** by the shop's one e-mail rule, as the account it becomes */
  email: EmailSchema,
  firstname: z.string().min(1),
  lastname: z.string().min(1),
  /** the demo password, documented with the fixture (the seed stores its hash only) */
  password: z.string().min(8),
  store_code: z.enum(STORE_CODES).default('en'),
  addresses: z.array(FixtureAddressSchema).default([]),
  orders: z.array(FixtureOrderSchema).default([]),
})
export type FixtureCustomer = z.infer<typeof FixtureCustomerSchema>
