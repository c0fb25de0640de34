/**
 * The add-to-cart form of both product views, the full page and the light one: the choices it is
 * given (`children`, the full page's choice panels), the quantity, the button and, under them, why
 * the quantity stops or the product cannot be added. The page says which command an add sends; the
 * form sends it and opens the microcart.
 */
import { useId, useRef, useState, type ReactNode } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import type { CartCommand } from '../../data/worker-types'
import { useCartCommand } from '../../ui/cart-command'
import { QtyField } from './qty-field'

/**
 * The field a refused add takes the shopper to: the first one marked invalid, or, for a group
 * marked as a whole (a fieldset), the field inside it to type in, else its chosen or first option.
 */
function firstInvalidField(form: HTMLFormElement | null): HTMLElement | null {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  if (!invalid || invalid.matches('input, select, textarea')) return invalid ?? null
  return (
    invalid.querySelector<HTMLElement>('input:is([type=number], [type=text], [type=email]):not(:disabled), textarea:not(:disabled), select:not(:disabled)') ??
    invalid.querySelector<HTMLElement>('input:checked') ??
    invalid.querySelector<HTMLElement>('input:not(:disabled)')
  )
}

export function AddToCartForm({
  inStock,
  waiting,
  maxQty,
  noQty,
  command,
  children,
}: {
  inStock: boolean
  /** the choices are not ready to be added yet */
  waiting?: boolean
  /** the most one add may ask for, undefined when unbounded */
  maxQty?: number | undefined
  /** no quantity field: a grouped product's pieces have their own */
  noQty?: boolean
  /** the cart command that adds `qty`; null when the choices refuse it (the shopper is taken to the first field that says why) */
  command: (qty: number) => CartCommand | null
  children?: ReactNode
}) {
  const { LL } = useI18nContext()
  const cart = useCartCommand()
  const qtyId = useId()
  const qtyHintId = useId()
  const stockNoteId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [qty, setQty] = useState(1)
  const wantedQty = Math.min(Math.max(1, Math.floor(qty) || 1), maxQty ?? Infinity)
  // at the limit the wanted quantity is the limit: the hint under the field names it
  const atMax = !noQty && maxQty !== undefined && wantedQty >= maxQty
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!inStock) return
        const add = command(wantedQty)
        if (add) void cart.run(add, { openMicrocart: true })
        // a choice is missing or wrong: the shopper lands on the first field that says so
        else requestAnimationFrame(() => firstInvalidField(formRef.current)?.focus())
      }}
    >
      {children}
      <div className="add-to-cart">
        {noQty ? null : (
          <QtyField id={qtyId} value={wantedQty} onChange={setQty} max={maxQty} disabled={!inStock} describedBy={atMax ? qtyHintId : undefined} />
        )}
        <button
          type="submit"
          className="button button--primary"
          data-testid="add-to-cart"
          disabled={cart.busy || waiting || !inStock}
          aria-busy={cart.busy}
          aria-describedby={!inStock ? stockNoteId : undefined}
        >
          {cart.busy ? LL.product.adding() : LL.product.addToCart()}
        </button>
      </div>
      {atMax ? (
        <p id={qtyHintId} className="muted small" data-testid="qty-max">
          {LL.product.qtyMax({ qty: wantedQty })}
        </p>
      ) : null}
      {!inStock ? (
        <p id={stockNoteId} className="notice notice--error" data-testid="add-to-cart-reason">
          {LL.product.outOfStockNote()}
        </p>
      ) : null}
    </form>
  )
}
