import { defineConfig } from '@playwright/test'
import { CONSENT_KEY, consentRecord, NECESSARY_ONLY } from '../../src/consent/consent-record'
import { NEWSLETTER_POPUP_KEY } from '../../src/ui/newsletter-popup-rule'

// The e2e suite drives Debian's Chromium (Playwright cannot download browsers here) against the
// real built app served by the real server, on a fresh PGlite database seeded with the demo shop.
const PORT = Number(process.env.E2E_PORT ?? 3210)
// parallel work on one machine: each run may build into its own folder (vite build --outDir)
export const DIST_DIR = process.env.E2E_DIST_DIR ?? './dist'
// customer access tokens live this long in e2e runs (server default 300 s), so a journey meets an
// expiry and its refresh (tests/e2e/account.spec.ts)
export const E2E_ACCESS_TOKEN_TTL_S = Number(process.env.E2E_ACCESS_TOKEN_TTL ?? 12)
// the server's data (PGlite, the mail outbox) under the repository, one folder per port
const DATA_DIR = `.tmp/e2e-${PORT}`
/** where the e2e server writes its mails (server/mail: `$DATA_DIR/outbox`), from the repository root */
export const E2E_OUTBOX_DIR = `${DATA_DIR}/outbox`

/** the e2e server's import extension key (IMPORT_API_KEY): tests post import batches with it */
export const E2E_IMPORT_API_KEY = process.env.E2E_IMPORT_API_KEY ?? 'e2e-import-key-0123456789'

/** the e2e shop's kiosk PIN (KIOSK_PIN): tests/e2e/kiosk.spec.ts sets a tablet up with it */
export const E2E_KIOSK_PIN = '482913'

/** the tag manager container the e2e server has (GTM_ID): its script is answered by tests/e2e/analytics-consent.spec.ts */
export const E2E_GTM_ID = 'GTM-E2ETEST'

/**
 * What every test's browser remembers in localStorage before its first page, on the shop's host and the
 * French store view's own (fr.localhost): the newsletter popup answered and the cookie answer "necessary
 * only", so neither covers a page another spec drives and no tag loads (newsletter-popup.spec and
 * analytics-consent.spec start without them). Through `use`, it reaches the `context` and `page` fixtures
 * and the contexts a spec makes with `browser.newContext()` during a test (Playwright fills the options
 * such a call leaves out from `use`); the specs that make their own pass it anyway, which costs nothing.
 */
const REMEMBERED = [
  { name: NEWSLETTER_POPUP_KEY, value: 'closed' },
  { name: CONSENT_KEY, value: JSON.stringify(consentRecord(NECESSARY_ONLY, new Date(0))) },
]
/** The storage state with `remembered` on both hosts. */
export const e2eStorageState = (remembered: readonly { name: string; value: string }[]) => ({
  cookies: [],
  origins: [`http://localhost:${PORT}`, `http://fr.localhost:${PORT}`].map((origin) => ({ origin, localStorage: [...remembered] })),
})
export const E2E_STORAGE_STATE = e2eStorageState(REMEMBERED)
/** Every answer but the popup's (newsletter-popup.spec) or the cookie answer (analytics-consent.spec): the other one never covers what it drives. */
export const E2E_STORAGE_STATE_WITHOUT = (key: string) => e2eStorageState(REMEMBERED.filter((entry) => entry.name !== key))

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: `../../test-results/${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    storageState: E2E_STORAGE_STATE,
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && PORT=${PORT} DATA_DIR=${DATA_DIR} DIST_DIR=${DIST_DIR} ACCESS_TOKEN_TTL=${E2E_ACCESS_TOKEN_TTL_S} IMPORT_API_KEY=${E2E_IMPORT_API_KEY} GTM_ID=${E2E_GTM_ID} KIOSK_PIN=${E2E_KIOSK_PIN} npx tsx server/main.ts`,
    cwd: '../..',
    // a fresh data directory: the server answers 503 while it seeds the demo shop (about a minute on
    // a busy machine), so the tests start on a shop that is ready
    url: `http://localhost:${PORT}/en/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
})
