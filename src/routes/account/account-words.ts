/**
 * An account form's problem and the worker's refusal in the shopper's words: apart from the forms
 * (account-forms.tsx), so the checkout's "create an account" says them without loading the forms.
 */
import type { AccountProblem } from '../../../domain/account-form'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import type { AccountError } from '../../data/worker-types'

/** A form problem in the shopper's words (locales: validation.*). */
export function problemText(LL: TranslationFunctions, problem: AccountProblem | null): string | undefined {
  if (!problem) return undefined
  return problem.key === 'tooLong' ? LL.validation.tooLong({ max_characters: problem.max }) : LL.validation[problem.key]()
}

export function accountErrorText(LL: TranslationFunctions, error: AccountError): string {
  return LL.account[`error_${error}`]()
}
