/**
 * A page the service worker does not control bypasses its caches: its lazy page chunks and pictures
 * are not there offline. The worker's own claim (clientsClaim) can miss a page that opened while it
 * was activating, a race of first visits that left CI's offline journeys waiting for a controller
 * forever. A page that finds itself uncontrolled under an active worker asks it to claim it
 * (src/sw-register.ts, "CLAIM" in workers/service-worker.ts). A hard reload, which bypasses the
 * worker, opens such a page on purpose.
 */
import { expect, test } from '@playwright/test'
import { waitForServiceWorker } from './fixtures/checks'

test('a page opened past the service worker (hard reload) is claimed by it, and then reloads offline', async ({ page, context }) => {
  await page.goto('/en/')
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 })
  await waitForServiceWorker(page)

  const cdp = await context.newCDPSession(page)
  await Promise.all([page.waitForEvent('load'), cdp.send('Page.reload', { ignoreCache: true })])
  // the page was loaded past the worker (the worker's own claim ran long before)...
  const servedBy = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart)
  expect(servedBy).toBe(0)
  // ...and is under its control all the same
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 15_000 }).toBe('activated')

  await context.setOffline(true)
  await page.reload()
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 })
})
