/**
 * The account forms' field rules as message keys (spec §5 "Form texts"): the same rules as the
 * server's (domain/account-rules), answered as keys the UI words from its dictionaries
 * (locales: validation.*), like domain/address does for the checkout. Pure.
 */
import { isValidEmail, NAME_MAX_LENGTH, nameProblem, PASSWORD_MAX_LENGTH, passwordProblem, ACCOUNT_MESSAGES } from './account-rules'

export type AccountProblem =
  | { key: 'required' }
  | { key: 'emailInvalid' }
  | { key: 'passwordTooShort' }
  | { key: 'passwordsDiffer' }
  | { key: 'nameTooShort' }
  | { key: 'nameInvalid' }
  | { key: 'tooLong'; max: number }

export function emailProblem(email: string): AccountProblem | null {
  if (email.trim() === '') return { key: 'required' }
  return isValidEmail(email.trim()) ? null : { key: 'emailInvalid' }
}

/** A new password's problem (logging in takes any password: only "required" applies there). */
export function newPasswordProblem(password: string): AccountProblem | null {
  if (password === '') return { key: 'required' }
  const problem = passwordProblem(password)
  if (problem === ACCOUNT_MESSAGES.passwordTooShort) return { key: 'passwordTooShort' }
  return problem ? { key: 'tooLong', max: PASSWORD_MAX_LENGTH } : null
}

export function confirmationProblem(password: string, confirmation: string): AccountProblem | null {
  if (confirmation === '') return { key: 'required' }
  return password === confirmation ? null : { key: 'passwordsDiffer' }
}

export function personNameProblem(name: string): AccountProblem | null {
  if (name.trim() === '') return { key: 'required' }
  const problem = nameProblem(name)
  if (problem === ACCOUNT_MESSAGES.nameTooShort) return { key: 'nameTooShort' }
  if (problem === ACCOUNT_MESSAGES.nameInvalid) return { key: 'nameInvalid' }
  return problem ? { key: 'tooLong', max: NAME_MAX_LENGTH } : null
}

export function requiredProblem(value: string): AccountProblem | null {
  return value === '' ? { key: 'required' } : null
}
