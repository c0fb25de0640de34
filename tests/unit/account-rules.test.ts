import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, emailKey, isValidEmail, nameProblem, passwordProblem } from '../../domain/account-rules'
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
  })

  it('e-mail addresses: a valid form, found by their trimmed lower-case key', () => {
    for (const ok of ['anna@example.com', 'a.b+shop@mail.example.be']) expect(isValidEmail(ok), ok).toBe(true)
    for (const bad of ['anna', 'anna@', '@example.com', 'anna@example', 'an na@example.com', 'anna@@example.com', 'anna@example..com'])
      expect(isValidEmail(bad), bad).toBe(false)
    expect(emailKey('  Anna@Example.COM ')).toBe('anna@example.com')
  })

  it('the registration schema answers the rules’ words for the field', () => {
    const parsed = UserCreateBodySchema.safeParse({ customer: { email: 'x', firstname: 'Anna', lastname: 'Smit' }, password: 'short' })
    expect(parsed.success).toBe(false)
    const messages = parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(messages).toEqual(['customer.email: Please provide a valid e-mail address', 'password: Password must have at least 8 letters'])
  })
})
