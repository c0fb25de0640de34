import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, emailKey, isValidEmail, nameProblem, passwordProblem } from '../../domain/account-rules'
import { OrderBodySchema } from '../../domain/api/order.schema'
import type { ProductOption } from '../../domain/cart.schema'
import { validateOptions } from '../../domain/option-price'
import type { Product } from '../../domain/product.schema'
import { testProduct } from '../fixtures/catalog'
import { UserCreateBodySchema } from '../../domain/api/user.schema'

describe('account rules (spec §5 form texts)', () => {
  it('a password needs at least 8 characters, counted as a person counts them', () => {
    expect(passwordProblem('1234567')).toBe(ACCOUNT_MESSAGES.passwordTooShort)
    expect(passwordProblem('12345678')).toBeNull()
    expect(passwordProblem('ééééééé')).toBe(ACCOUNT_MESSAGES.passwordTooShort) // 7 letters, 14 bytes
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🔑')).toBeNull()
    expect(passwordProblem('x'.repeat(257))).toBe(ACCOUNT_MESSAGES.passwordTooLong)
  })

  it('a name needs at least 2 letters after trimming', () => {
    expect(nameProblem(' A ')).toBe(ACCOUNT_MESSAGES.nameTooShort)
    expect(nameProblem('Al')).toBeNull()
    // control characters (a line break, an escape) never go into a name
    for (const bad of ['An\nna', 'Anna\u0000', 'Anna\u001b[31m']) expect(nameProblem(bad), JSON.stringify(bad)).toBe(ACCOUNT_MESSAGES.nameInvalid)
    expect(nameProblem('Zoë-Anne d’Hondt')).toBeNull()
  })

  it('e-mail addresses: a valid form, found by their trimmed lower-case key', () => {
    for (const ok of ['anna@example.com', 'a.b+shop@mail.example.be']) expect(isValidEmail(ok), ok).toBe(true)
    for (const bad of ['anna', 'anna@', '@example.com', 'anna@example', 'an na@example.com', 'anna@@example.com', 'anna@example..com'])
      expect(isValidEmail(bad), bad).toBe(false)
    expect(emailKey('  Anna@Example.COM ')).toBe('anna@example.com')
  })

  it('one rule for an address wherever it is typed: nothing that makes it several, a display name, or a control character', () => {
    for (const bad of [
      'a<x@evil.example>',
      'first,second@example.com',
      '"anna"@example.com',
      'anna@example.com;b@evil.example',
      'an\u0000na@example.com',
      'anna@exam\tple.com',
    ])
      expect(isValidEmail(bad), bad).toBe(false)
    expect(isValidEmail("o'brien@example.ie")).toBe(true)
    // the checkout's, the order's and the gift card's checks are this one
    expect(OrderBodySchema.shape.addressInformation.shape.billingAddress.shape.email.safeParse('a<x@evil.example>').success).toBe(false)
    const card = { ...testProduct('CARD', { type_id: 'giftcard', price: 25 }), giftcard_amounts: [25], mageworx_gc_type: 2 } as Product
    const option = { extension_attributes: { mageworx_giftcard_item_option: { card_amount: 25, mail_to_email: 'first,second@example.com' } } } as ProductOption
    expect(validateOptions(card, option)).toContainEqual({ key: 'emailInvalid', field: 'mail_to_email' })
  })

  it('the registration schema answers the rules’ words for the field', () => {
    const parsed = UserCreateBodySchema.safeParse({ customer: { email: 'x', firstname: 'Anna', lastname: 'Smit' }, password: 'short' })
    expect(parsed.success).toBe(false)
    const messages = parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(messages).toEqual(['customer.email: Please provide a valid e-mail address', 'password: Password must have at least 8 letters'])
  })
})
