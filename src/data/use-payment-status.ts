/**
 * A placed order's payment status, asked of the worker (never over HTTP from the UI): once when the
 * page opens, again when the device comes back online, and every few seconds while the provider
 * says it is still pending (a bank may confirm a moment after the shopper came back).
 */
import { useCallback, useEffect, useState } from 'react'
import type { PaymentStatusView } from '../../workers/contract/checkout'
import { getDataClient, ready } from './data-client'

const PENDING_RECHECK_MS = 4000
const PENDING_RECHECKS = 15

export function usePaymentStatus(orderNumber: string | null, online: boolean): { status: PaymentStatusView | undefined; recheck: () => void } {
  const [status, setStatus] = useState<PaymentStatusView | undefined>(undefined)
  const [round, setRound] = useState(0)
  const recheck = useCallback(() => setRound((r) => r + 1), [])
  useEffect(() => {
    if (!orderNumber) return
    let active = true
    ready
      .then((): Promise<PaymentStatusView> => getDataClient().paymentStatus(orderNumber))
      .then((answer) => {
        if (active) setStatus(answer)
      })
      .catch((error: unknown) => console.error('[data] paymentStatus failed', error))
    return () => {
      active = false
    }
  }, [orderNumber, online, round])
  const pending = status?.kind === 'known' && status.status === 'pending'
  useEffect(() => {
    if (!pending || round >= PENDING_RECHECKS) return
    const timer = setTimeout(recheck, PENDING_RECHECK_MS)
    return () => clearTimeout(timer)
  }, [pending, round, recheck])
  return { status, recheck }
}
