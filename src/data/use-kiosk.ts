/** The kiosk (workers/kiosk/kiosk-module): the setup screen's PIN check, and the end of a shopper's turn. */
import { getDataClient, ready } from './data-client'
import type { KioskUnlockResult } from './worker-types'

export async function unlockKiosk(pin: string): Promise<KioskUnlockResult> {
  await ready
  return getDataClient().unlockKiosk(pin)
}

export async function endShopperSession(): Promise<void> {
  await ready
  return getDataClient().endShopperSession()
}
