/**
 * A kiosk tablet's settings, chosen on its setup screen (src/routes/kiosk) and kept in this origin's
 * localStorage with the replication mode (src/config.ts): the store view it returns to, the pickup
 * location it serves, and the minutes without use after which a shopper's turn ends.
 */
import { isStoreCode, type StoreCode } from '../../domain/store-views'
import { KIOSK_PASS_KEY, KIOSK_SETTINGS_KEY, REPLICATION_MODE_KEY } from './kiosk-keys'

export const DEFAULT_IDLE_MINUTES = 3
export const MAX_IDLE_MINUTES = 60

export interface KioskSettings {
  store: StoreCode | null
  pickup: string | null
  idleMinutes: number
}

export function readKioskSettings(): KioskSettings {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KIOSK_SETTINGS_KEY) ?? '{}') as Partial<Record<keyof KioskSettings, unknown>>
    const idle = Number(stored.idleMinutes)
    return {
      store: isStoreCode(stored.store) ? stored.store : null,
      pickup: typeof stored.pickup === 'string' ? stored.pickup : null,
      idleMinutes: Number.isInteger(idle) && idle >= 1 && idle <= MAX_IDLE_MINUTES ? idle : DEFAULT_IDLE_MINUTES,
    }
  } catch {
    return { store: null, pickup: null, idleMinutes: DEFAULT_IDLE_MINUTES }
  }
}

/**
 * Saves the settings and the mode, and the server's pass for the tablet in kiosk mode (a tablet
 * that is a shopper's device again keeps none); they take effect at the next page load (the worker
 * starts with them).
 */
export function saveKioskSettings(settings: KioskSettings, kiosk: boolean, pass: string): void {
  window.localStorage.setItem(KIOSK_SETTINGS_KEY, JSON.stringify(settings))
  window.localStorage.setItem(REPLICATION_MODE_KEY, kiosk ? 'kiosk' : 'shopper')
  if (kiosk) window.localStorage.setItem(KIOSK_PASS_KEY, pass)
  else window.localStorage.removeItem(KIOSK_PASS_KEY)
}
