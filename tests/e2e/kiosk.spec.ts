/**
 * An in-store tablet set up as staff would, in /nl: the setup screen refuses a wrong PIN, opens with
 * the shop's (E2E_KIOSK_PIN), shows how much of the catalogue the tablet holds, and starts kiosk
 * mode. The tablet reads "catalogue ready"; offline, a shopper chooses a colour and a size from the
 * full documents and places an order, which waits (the status line counts it); the next shopper
 * finds an empty checkout; "New shopper" clears the cart; back online the order reaches the shop
 * once. Left alone past its minutes without use, a shopper's turn ends by itself.
 */
import { expect, test } from '@playwright/test'
import nl from '../../locales/nl'
import { E2E_KIOSK_PIN } from './playwright.config'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { KIOSK_PASS_KEY, KIOSK_SETTINGS_KEY, REPLICATION_MODE_KEY } from '../../src/kiosk/kiosk-keys'
import { KIOSK_PASS_HEADER } from '../../domain/api/kiosk.schema'
import { addToCart, BRUSSELS, chooseBankTransferAndAccept, fillAddress, recordOrderPosts } from './fixtures/checkout-flow'
import { Shop } from './fixtures/shop'

test('nl: a tablet set up through the kiosk screen sells offline, keeps no shopper’s details, and sends the order once', async ({ page, context }) => {
  test.setTimeout(300_000)
  const posts = await recordOrderPosts(context)
  // the tablet's pass goes with its orders (a day's orders from the shop's one address are not limited)
  const passes: (string | null)[] = []
  await context.route('**/api/order?*', async (route) => {
    if (route.request().method() === 'POST') passes.push(await route.request().headerValue(KIOSK_PASS_HEADER))
    await route.fallback()
  })
  const shop = new Shop(page, '/nl')
  await shop.open('/kiosk')
  await expect(page.getByRole('heading', { level: 1, name: nl.kiosk.title })).toBeVisible()
  const pin = page.getByLabel(nl.kiosk.pinLabel)
  await pin.fill('000000')
  await page.getByRole('button', { name: nl.kiosk.unlock }).click()
  await expect(page.getByRole('alert')).toHaveText(nl.kiosk.wrongPin)
  await pin.fill(E2E_KIOSK_PIN)
  await page.getByRole('button', { name: nl.kiosk.unlock }).click()

  // the settings, and what the tablet holds so far
  await expect(page.getByLabel(nl.kiosk.storeView)).toHaveValue('nl')
  await expect(page.getByTestId('kiosk-progress')).toHaveText(/^\d+ van \d+ producten$/)
  const total = Number(/van (\d+)/.exec((await page.getByTestId('kiosk-progress').textContent())!)![1])
  expect(total).toBeGreaterThan(100)
  await expect(page.getByRole('progressbar', { name: nl.kiosk.catalogue })).toHaveAttribute('max', String(total))
  await expect(page.getByTestId('kiosk-storage')).toHaveText(/MB van .*MB/)
  expect(await seriousViolations(page, 'main')).toEqual([])
  await expect(page.getByLabel(nl.kiosk.mode)).toBeChecked()
  await page.getByLabel(nl.kiosk.idle).fill('2')
  await page.getByRole('button', { name: nl.kiosk.save }).click()

  // kiosk mode: the whole catalogue with its full documents, then "ready"
  await expect(page).toHaveURL(/\/nl\/$/)
  const status = page.getByTestId('kiosk-status')
  await expect(status.getByTestId('kiosk-catalogue')).toHaveText(nl.kiosk.statusReady, { timeout: 120_000 })
  await expect(status.getByTestId('kiosk-waiting')).toContainText('0 bestellingen wachtend')
  // and every product's listing picture, kept for offline (the count settles once all are in)
  const pictures = () => page.evaluate(async () => (await (await caches.open('polder-images')).keys()).length)
  let settled = -1
  await expect
    .poll(
      async () => {
        const [before, after] = [await pictures(), await new Promise<number>((resolve) => setTimeout(() => void pictures().then(resolve), 3000))]
        settled = after
        return after > 50 && before === after
      },
      { timeout: 120_000 },
    )
    .toBe(true)
  // each kept with its last use (workbox-expiration's timestamps), so room is made from the pictures used longest ago
  const tracked = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('workbox-expiration')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const count = open.result.transaction('cache-entries').objectStore('cache-entries').index('cacheName').count('polder-images')
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => reject(count.error)
        }
      }),
  )
  expect(tracked, 'the pictures’ uses recorded').toBeGreaterThanOrEqual(settled)
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible()

  // offline: the listing shows its pictures, and a configurable product's choices come from the tablet's full documents
  await shop.openCategory(/Kleding/)
  await expect(shop.tiles().first().locator('img')).toBeVisible()
  expect(await shop.tiles().getByTestId('image-placeholder').count(), `${settled} pictures kept`).toBe(0)
  await shop.openFirstConfigurable()
  await shop.chooseColourAndSize()
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  // the microcart opens with the add
  await page.getByTestId('microcart').getByRole('link', { name: nl.microcart.goToCheckout }).click()
  await expect(page).toHaveURL(/\/nl\/checkout$/)
  await page.locator('#co-email').fill('kiosk.shopper@example.be')
  await page.locator('#co-firstName').fill('Anna')
  await page.locator('#co-lastName').fill('Peeters')
  await fillAddress(page, 'bill', BRUSSELS)
  await chooseBankTransferAndAccept(page)
  await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
  await expect(page).toHaveURL(/\/nl\/success$/)
  await expect(page.locator('[data-route="success"]')).toHaveAttribute('data-order-status', 'queued')
  await expect(status.getByTestId('kiosk-waiting')).toContainText('1 bestelling wachtend')

  // the next shopper: an empty checkout, whatever the last one typed
  await page.getByRole('link', { name: nl.header.home }).first().click()
  await shop.openCategory(/Kleding/)
  await shop.openFirstConfigurable()
  await shop.chooseColourAndSize()
  await page.getByTestId('add-to-cart').click()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  await page.getByTestId('microcart').getByRole('link', { name: nl.microcart.goToCheckout }).click()
  await expect(page.locator('#co-email')).toHaveValue('')
  await expect(page.locator('#co-firstName')).toHaveValue('')
  // and "New shopper" ends that turn: home, an empty cart
  await status.getByRole('button', { name: nl.kiosk.newShopper }).click()
  await expect(page).toHaveURL(/\/nl\/$/)
  await expect.poll(() => shop.microcartCount()).toBe(0)

  await context.setOffline(false)
  await expect(status.getByTestId('kiosk-waiting')).toContainText('0 bestellingen wachtend', { timeout: 60_000 })
  expect(posts.length, 'the order reached the shop').toBeGreaterThanOrEqual(1)
  expect(new Set(posts).size, 'once').toBe(1)
  const pass = await page.evaluate((key) => window.localStorage.getItem(key), KIOSK_PASS_KEY)
  expect(pass, 'the setup kept the tablet’s pass').toMatch(/^[\w-]{20,}$/)
  expect(passes, 'every order post carried it').toEqual(posts.map(() => pass))
})

test('nl: a kiosk left alone past its minutes without use ends the shopper’s turn: home, an empty cart', async ({ page, request }) => {
  test.setTimeout(120_000)
  await page.addInitScript(
    ([modeKey, settingsKey]) => {
      localStorage.setItem(modeKey!, 'kiosk')
      localStorage.setItem(settingsKey!, JSON.stringify({ store: 'nl', pickup: null, idleMinutes: 1 }))
    },
    [REPLICATION_MODE_KEY, KIOSK_SETTINGS_KEY],
  )
  await page.clock.install()
  const shop = await addToCart(page, request, '/nl')
  await expect(page.getByTestId('kiosk-status')).toBeVisible()
  await expect.poll(() => shop.microcartCount()).toBe(1)
  // 50 seconds of nothing: the turn goes on
  await page.clock.fastForward('00:50')
  await expect.poll(() => shop.microcartCount()).toBe(1)
  await expect(page).toHaveURL(/\/nl\/p\//)
  // past the minute since the last touch: over
  await page.clock.fastForward('00:15')
  await expect(page).toHaveURL(/\/nl\/$/)
  await expect.poll(() => shop.microcartCount()).toBe(0)
})
