/** The device's localStorage keys of its replication mode (src/config.ts) and its kiosk settings (./kiosk-settings). */
export const REPLICATION_MODE_KEY = 'polder-replication-mode'
export const KIOSK_SETTINGS_KEY = 'polder-kiosk'
