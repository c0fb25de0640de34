/**
 * The offline-order confirmation (spec §4 "Coming back online", when automatic transmission is off):
 * once the device is online and orders placed offline wait for the shopper's word, a modal dialog
 * lists them with "send" and "cancel". A native <dialog> opened with showModal: focus moves into it
 * and stays there, Escape closes it without an answer (the orders stay held and it asks again on the
 * next page load or reconnect), and focus returns to where it was. Not on the thank-you page, which
 * sends them at once as the spec says.
 */
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { formatDate } from '../../domain/money'
import { useI18nContext } from '../../locales/i18n-react'
import { useSyncStatus } from '../data/hooks'
import { useHeldOrders } from '../data/use-checkout'
import { usePriceFormatter, useStoreView } from '../ui/store-view'
import './modal-dialog.css'
import './offline-orders-dialog.css'

export function OfflineOrdersDialog() {
  const { LL } = useI18nContext()
  const online = useSyncStatus()?.online ?? false
  const { held, confirm, cancel } = useHeldOrders()
  const format = usePriceFormatter()
  const { storeView } = useStoreView()
  const ref = useRef<HTMLDialogElement>(null)
  const [dismissed, setDismissed] = useState(false)
  const [busy, setBusy] = useState(false)
  // the thank-you page sends them itself (routes/checkout/success-page)
  const onThankYouPage = useRouterState({ select: (state) => state.location.pathname.endsWith('/success') })
  const open = online && held.length > 0 && !dismissed && !onThankYouPage

  useEffect(() => {
    if (!online) setDismissed(false)
  }, [online])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  const answer = async (send: boolean) => {
    setBusy(true)
    const ids = held.map((o) => o.order_id)
    try {
      await (send ? confirm(ids) : cancel(ids))
    } catch (error) {
      console.error('[orders] answering the offline-order confirmation failed', error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <dialog
      ref={ref}
      className="modal-dialog offline-orders-dialog"
      aria-labelledby="offline-orders-title"
      data-testid="offline-orders-dialog"
      onClose={() => setDismissed(true)}
    >
      <h2 id="offline-orders-title">{LL.orders.offlineConfirmTitle()}</h2>
      <p>{LL.orders.offlineConfirmText()}</p>
      <ul>
        {held.map((order) => (
          <li key={order.order_id} data-testid="offline-orders-item">
            {LL.orders.offlineConfirmOrder({
              date: formatDate(new Date(order.created_at), storeView.i18n.dateFormat),
              count: order.lines.reduce((sum, line) => sum + line.qty, 0),
              total: format(order.totals.grandTotal),
            })}
          </li>
        ))}
      </ul>
      <p className="modal-dialog__actions offline-orders-dialog__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void answer(true)} autoFocus>
          {LL.orders.offlineConfirmSend()}
        </button>{' '}
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void answer(false)}>
          {LL.orders.offlineConfirmCancel()}
        </button>
      </p>
    </dialog>
  )
}
