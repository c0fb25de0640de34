/**
 * One e-mail rule in the whole tree: domain/email-address isValidEmail. Every schema that takes an
 * address refuses and accepts what the rule does, and no source file brings in a second rule of its
 * own (zod's e-mail check accepts addresses the shop refuses, and the other way round).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { EMAIL_MAX_LENGTH, isValidEmail } from '../../domain/email-address'
import { FixtureCustomerSchema } from '../../domain/customer-fixture.schema'
import { NewsletterEmailSchema } from '../../domain/api/newsletter.schema'
import { OrderAddressSchema, OrderBodySchema } from '../../domain/api/order.schema'
import { LogSaleRequestSchema } from '../../domain/api/recommendations.schema'
import { EmailSchema } from '../../domain/api/user.schema'

// the last one is longer than any address may be (EMAIL_MAX_LENGTH), which zod's own check lets through
const REFUSED = ['a@.b.nl', 'a@b', 'a<x@evil.example>', `${'a'.repeat(EMAIL_MAX_LENGTH - 'example.be'.length)}@example.be`]
const ACCEPTED = ["o'brien@example.be"]

const SCHEMAS: [string, z.ZodType][] = [
  ['EmailSchema (accounts)', EmailSchema],
  ["the order's billing e-mail", OrderBodySchema.shape.addressInformation.shape.billingAddress.shape.email],
  ["an order address's e-mail", OrderAddressSchema.shape.email],
  ["the recommendations' sale", LogSaleRequestSchema.shape.email],
  ['the newsletter', NewsletterEmailSchema.shape.email],
  ["a demo customer's fixture", FixtureCustomerSchema.shape.email],
]

describe('the one e-mail rule', () => {
  it.each(REFUSED)('isValidEmail refuses %s', (address) => {
    expect(isValidEmail(address)).toBe(false)
  })
  it.each(ACCEPTED)('isValidEmail accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true)
  })

  it.each(SCHEMAS)('%s follows it', (_, schema) => {
    for (const address of REFUSED) expect(schema.safeParse(address).success, address).toBe(false)
    for (const address of ACCEPTED) expect(schema.safeParse(address).success, address).toBe(true)
  })

  it('keeps the sale’s address optional', () => {
    expect(LogSaleRequestSchema.shape.email.safeParse(null).success).toBe(true)
    expect(LogSaleRequestSchema.shape.email.safeParse(undefined).success).toBe(true)
  })
})

const ROOT = join(import.meta.dirname, '..', '..')
const SOURCE_FOLDERS = ['src', 'workers', 'replication', 'domain', 'server', 'locales']
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs)$/
// zod's own e-mail check, as `z.email(…)` or chained on a schema (`z.string().email(…)`, also over
// several lines); a dictionary's word (`LL.account.email()`) is not a check and does not match
const SECOND_RULE = /\bz\s*\.\s*email\s*\(|\)\s*\.\s*email\s*\(/

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => SOURCE_FILE.test(path) && !path.split(/[\\/]/).includes('node_modules'))
    .map((path) => join(ROOT, folder, path))
}

describe('no second e-mail rule', () => {
  it('the pattern finds zod’s e-mail check in its forms, and not a dictionary’s word', () => {
    for (const text of ['z.email()', 'z.email().max(320)', 'z.string().email()', 'z.string()\n  .trim()\n  .email({ message })']) {
      expect(SECOND_RULE.test(text), text).toBe(true)
    }
    expect(SECOND_RULE.test('label={LL.account.email()}')).toBe(false)
  })

  it('no source file checks an e-mail address with zod’s own rule', () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles)
    expect(files.length).toBeGreaterThan(100)
    const offenders = files.filter((file) => SECOND_RULE.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file))
    expect(offenders).toEqual([])
  })
})
