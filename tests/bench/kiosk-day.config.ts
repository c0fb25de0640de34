/**
 * `npm run bench:kiosk`: the e2e suite's server and browser settings (tests/e2e/playwright.config),
 * for the kiosk day alone (tests/bench/kiosk-day.spec.ts), on a port of its own.
 */
import { defineConfig } from '@playwright/test'
import e2e from '../e2e/playwright.config'

export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: 'kiosk-day.spec.ts',
  retries: 0,
  reporter: [['list']],
})
