/** The account forms' field rules as the spec's form texts (§5), in the three dictionaries. */
import { describe, expect, it } from 'vitest'
import { confirmationProblem, emailProblem, newPasswordProblem, personNameProblem, requiredProblem } from '../../domain/account-form'
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'

loadAllLocales()

describe('account form rules', () => {
  it('answers the spec’s problems as keys', () => {
    expect(emailProblem('')).toEqual({ key: 'required' })
    expect(emailProblem('anna@example')).toEqual({ key: 'emailInvalid' })
    expect(emailProblem(' anna@example.com ')).toBeNull()
    expect(newPasswordProblem('')).toEqual({ key: 'required' })
    expect(newPasswordProblem('1234567')).toEqual({ key: 'passwordTooShort' })
    expect(newPasswordProblem('12345678')).toBeNull()
    expect(newPasswordProblem('x'.repeat(257))).toEqual({ key: 'tooLong', max: 256 })
    expect(confirmationProblem('12345678', '12345679')).toEqual({ key: 'passwordsDiffer' })
    expect(confirmationProblem('12345678', '12345678')).toBeNull()
    expect(personNameProblem(' A ')).toEqual({ key: 'nameTooShort' })
    expect(personNameProblem('Jo')).toBeNull()
    expect(requiredProblem('')).toEqual({ key: 'required' })
  })

  it('words them with the spec’s form texts in English, and in Dutch and French', () => {
    const en = i18nObject('en').validation
    expect([en.emailInvalid(), en.passwordTooShort(), en.passwordsDiffer(), en.nameTooShort(), en.required()]).toEqual([
      'Please provide a valid e-mail address',
      'Password must have at least 8 letters',
      'Passwords must be identical',
      'Name must have at least 2 letters',
      'Field is required',
    ])
    for (const lang of ['nl', 'fr'] as const) {
      const v = i18nObject(lang).validation
      for (const key of ['emailInvalid', 'passwordTooShort', 'passwordsDiffer', 'nameTooShort'] as const) expect(v[key]()).not.toBe(en[key]())
    }
  })
})
