/** What the product page's choice panels share: their props, the required mark and the issue messages. */
import { toCents } from '../../../../domain/money'
import type { OptionIssue } from '../../../../domain/option-price'
import type { Product } from '../../../../domain/product.schema'
import { useI18nContext } from '../../../../locales/i18n-react'
import { usePriceFormatter } from '../../../ui/store-view'
import type { ProductChoices } from '../product-choices'

export type Update = (next: (choices: ProductChoices) => ProductChoices) => void

/** What every choice panel takes: the product, the choices so far, their update, and the issues to show (after a try to add). */
export interface PanelProps {
  product: Product
  choices: ProductChoices
  update: Update
  issues: OptionIssue[] | null
}

export function RequiredMark() {
  const { LL } = useI18nContext()
  return (
    <>
      <span className="required-mark" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden"> ({LL.productTypes.required()})</span>
    </>
  )
}

/** The message of an issue, or null. */
export function useIssueText(): (issue: OptionIssue | undefined) => string | null {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  return (issue) => {
    if (!issue) return null
    switch (issue.key) {
      case 'required':
        return LL.productTypes.fieldRequired()
      case 'tooLong':
        return LL.productTypes.tooLong({ max: issue.params?.max ?? 0 })
      case 'invalidQty':
        return LL.productTypes.qtyInvalid()
      case 'amountRequired':
        return LL.productTypes.amountRequired()
      case 'amountNotAllowed':
        return LL.productTypes.amountNotAllowed()
      case 'amountBelowMin':
        return LL.productTypes.amountBelowMin({ min: format(toCents(issue.params?.min ?? 0)) })
      case 'amountAboveMax':
        return LL.productTypes.amountAboveMax({ max: format(toCents(issue.params?.max ?? 0)) })
      case 'emailInvalid':
        return LL.productTypes.emailInvalid()
      case 'dateInvalid':
        return LL.productTypes.dateInvalid()
      case 'dateInPast':
        return LL.productTypes.dateInPast()
      default:
        return LL.productTypes.unknownChoice()
    }
  }
}

/** `id`: for the field that it describes (aria-describedby); a message about the whole form has none. */
export function FieldError({ id, text }: { id?: string; text: string | null }) {
  if (!text) return null
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  )
}

// --- custom options -------------------------------------------------------------------
