/**
 * What the staff reads about a kiosk tablet, shared by its setup screen and its status line: the
 * storage the browser grants (used, quota, whether it is kept), and the orders that wait to be sent.
 */
import { useEffect, useState } from 'react'
import type { OrderView } from '../data/worker-types'

export interface StorageFacts {
  usage: number | null
  quota: number | null
  persisted: boolean | null
}

async function storageFacts(): Promise<StorageFacts> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined
  const estimate = storage?.estimate ? await storage.estimate().catch(() => null) : null
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted }
}

/** The browser's storage figures, read again every `everyMs` while shown. */
export function useStorageFacts(everyMs = 5000): StorageFacts | null {
  const [facts, setFacts] = useState<StorageFacts | null>(null)
  useEffect(() => {
    let active = true
    const read = () => void storageFacts().then((next) => active && setFacts(next))
    read()
    const timer = setInterval(read, everyMs)
    return () => {
      active = false
      clearInterval(timer)
    }
  }, [everyMs])
  return facts
}

/** Asks the browser to keep this origin's data (the catalogue, the queued orders) when space runs short. */
export async function askPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined
  if (!storage?.persist) return false
  return storage.persist().catch(() => false)
}

/** Orders placed on this device and not yet accepted by the shop. */
export function waitingOrders(orders: readonly OrderView[] | undefined): number {
  return (orders ?? []).filter((order) => order.status === 'queued' || order.status === 'sending').length
}

/** Bytes as megabytes in the store view's locale. */
export function megabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000)
}
