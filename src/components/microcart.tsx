/**
 * The microcart: a modal side panel (role dialog) over an overlay. Focus moves into it on open, Tab
 * stays inside, Escape or the overlay closes it and focus returns to the cart button.
 */
import { isGiftCardsOnly } from '../../domain/virtual-cart'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { CartItem } from '../../domain/cart.schema'
import { useI18nContext } from '../../locales/i18n-react'
import { useCart } from '../data/hooks'
import { useCartCommand } from '../ui/cart-command'
import { useDialogFocus } from '../ui/dialog-focus'
import { usePanel } from '../ui/panels'
import { translateNotification, useMicrocartMessage } from '../ui/notifications'
import { usePriceFormatter } from '../ui/store-view'
import { CartLineEditor } from './cart-line-editor'
import { CartSyncNote } from './cart-sync-note'
import { ProductImage } from './product-image'

export function Microcart({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const { LL } = useI18nContext()
  const { isOpen, close } = usePanel('microcart')
  const cart = useCart()
  const format = usePriceFormatter()
  const panelRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  // focus in on open, back to the cart button on close, Tab kept inside, Escape closes; the overlay
  // and the page's scroll lock come from the panel state (src/ui/panels.tsx)
  useDialogFocus({ isOpen, close, panelRef, closeRef, returnFocusTo })
  // the add that opened the microcart speaks inside it; the message goes when the microcart closes
  const { message, dismiss } = useMicrocartMessage()
  useEffect(() => {
    if (!isOpen && message) dismiss(message.id)
  }, [isOpen, message, dismiss])

  const itemCount = cart?.items.length ?? 0
  useEffect(() => {
    // a removed line takes the focused button with it: keep focus inside the dialog
    if (isOpen && panelRef.current && !panelRef.current.contains(document.activeElement)) closeRef.current?.focus()
  }, [isOpen, itemCount])

  if (!isOpen) return null
  const items = cart?.items ?? []
  return (
    <>
      <div
        ref={panelRef}
        className="microcart"
        role="dialog"
        aria-modal="true"
        aria-labelledby="microcart-title"
        aria-describedby={message ? 'microcart-message' : undefined}
        data-testid="microcart"
        data-server-cart-id={cart?.serverCartId ?? undefined}
      >
        <div className="microcart__head">
          <h2 id="microcart-title">{LL.microcart.title()}</h2>
          <button ref={closeRef} type="button" className="icon-button" aria-label={LL.microcart.close()} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {message ? (
          <p
            id="microcart-message"
            className={`microcart__message microcart__message--${message.type}`}
            role="status"
            data-testid="microcart-message"
            data-type={message.type}
          >
            {translateNotification(LL, message)}
          </p>
        ) : null}
        <CartSyncNote pending={cart?.pendingSync} className="microcart__pending" />
        {items.length === 0 ? (
          <div className="microcart__empty">
            <p>{LL.microcart.empty()}</p>
            <button type="button" className="button button--secondary" onClick={close}>
              {LL.microcart.continueShopping()}
            </button>
          </div>
        ) : (
          <>
            <ul className="microcart__items">
              {items.map((item) => (
                <MicrocartItem key={item.key} item={item} total={cart?.lineTotals[item.key] ?? 0} />
              ))}
            </ul>
            <div className="microcart__foot">
              <p className="microcart__subtotal">
                <span>{LL.microcart.subtotal()}</span>
                <strong data-testid="microcart-subtotal">{format(cart?.subtotalInclTax ?? 0)}</strong>
              </p>
              {isGiftCardsOnly(cart?.items ?? []) ? null : <p className="muted small">{LL.cart.inclVat()}</p>}
              <Link to="/checkout" className="button button--primary button--block" onClick={close}>
                {LL.microcart.goToCheckout()}
              </Link>
              <Link to="/checkout/cart" className="button button--secondary button--block" onClick={close}>
                {LL.microcart.viewCart()}
              </Link>
            </div>
          </>
        )}
      </div>
    </>
  )
}

/** `total`: the line's total, as the cart view carries it. */
export function MicrocartItem({ item, total }: { item: CartItem; total: number }) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const { run: apply } = useCartCommand()
  const [confirming, setConfirming] = useState(false)
  // cart edit mode (spec §4): off, or this line's options and qty open for change
  const [editing, setEditing] = useState(false)

  return (
    <li className="cart-line" data-testid="microcart-item">
      <ProductImage path={item.image} width={150} height={150} alt={item.name} className="cart-line__image" />
      <div className="cart-line__body">
        <p className="cart-line__name">{item.name}</p>
        {item.options.length ? (
          <ul className="cart-line__options">
            {item.options.map((o) => (
              <li key={o.label}>{LL.microcart.optionLine({ label: o.label, value: o.value })}</li>
            ))}
          </ul>
        ) : null}
        {item.is_in_stock === false || item.errors?.stock ? (
          <p className="cart-line__stock" data-testid="cart-line-out-of-stock">
            {LL.microcart.outOfStock()}
          </p>
        ) : null}
        <p className="cart-line__price">{format(total)}</p>
        {editing ? (
          <CartLineEditor item={item} onClose={() => setEditing(false)} />
        ) : confirming ? (
          <div className="cart-line__confirm" role="alertdialog" aria-label={LL.microcart.confirmRemove({ name: item.name })}>
            <p>{LL.microcart.confirmRemove({ name: item.name })}</p>
            <button type="button" className="button button--small button--danger" onClick={() => void apply({ type: 'remove', key: item.key })} autoFocus>
              {LL.microcart.remove()}
            </button>{' '}
            <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(false)}>
              {LL.microcart.cancel()}
            </button>
          </div>
        ) : (
          <div className="cart-line__controls">
            <div className="stepper" role="group" aria-label={LL.microcart.qtyOf({ name: item.name })}>
              <button
                type="button"
                aria-label={LL.microcart.decrease({ name: item.name })}
                onClick={() => (item.qty <= 1 ? setConfirming(true) : void apply({ type: 'setQty', key: item.key, qty: item.qty - 1 }))}
              >
                −
              </button>
              <output aria-live="polite" data-testid="microcart-item-qty">
                {item.qty}
              </output>
              <button
                type="button"
                aria-label={LL.microcart.increase({ name: item.name })}
                onClick={() => void apply({ type: 'setQty', key: item.key, qty: item.qty + 1 })}
              >
                +
              </button>
            </div>
            {item.type_id === 'configurable' ? (
              <button type="button" className="link-button" onClick={() => setEditing(true)} aria-label={LL.microcart.editOptionsOf({ name: item.name })}>
                {LL.microcart.editOptions()}
              </button>
            ) : null}
            <button type="button" className="link-button" onClick={() => setConfirming(true)} aria-label={LL.microcart.removeItem({ name: item.name })}>
              {LL.microcart.remove()}
            </button>
          </div>
        )}
      </div>
    </li>
  )
}
