/**
 * The kiosk as the UI asks it (workers/kiosk/kiosk-module): the setup screen's PIN check, and the
 * end of one shopper's turn at the tablet. The worker answers keys, never text: the UI words them.
 */

/** noKiosk: the shop has no kiosk setup (no PIN configured) */
export type KioskUnlockError = 'wrongPin' | 'tooManyAttempts' | 'noKiosk' | 'offline' | 'serverError'

/** `pass`: the tablet's, kept with its settings in kiosk mode (WorkerConfig.kioskPass) */
export type KioskUnlockResult = { ok: true; products: number; pass: string } | { ok: false; error: KioskUnlockError }
