/** The device's localStorage keys of its replication mode (src/config.ts), its kiosk settings (./kiosk-settings) and its kiosk pass. */
export const REPLICATION_MODE_KEY = 'polder-replication-mode'
export const KIOSK_SETTINGS_KEY = 'polder-kiosk'
export const KIOSK_PASS_KEY = 'polder-kiosk-pass'
