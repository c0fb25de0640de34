/**
 * `npm run bench:kiosk`: an in-store tablet's day, in Chromium against the real built app and server.
 * The tablet is set up as staff would (the PIN, kiosk mode, the whole catalogue and its pictures),
 * then the network goes off for the whole day: every category browsed, searches typed, and
 * KIOSK_DAY_ORDERS (default 100) store-pickup orders placed through the checkout by as many shoppers,
 * with the clock moved on between them (a shopper's turn ends by itself), reloads, and the browser
 * closed and started again on the same profile halfway. Then the network comes back.
 *
 * It prints the day's figures: orders placed, posted, on the server (each its one confirmation mail,
 * which the shop records in the order's own transaction), lost, duplicated, seconds from the network's
 * return to the last order's answer, the data worker's heap (after a full collection) at the day's
 * start, before the restart and at its end, and the storage used. It fails on any lost or duplicated
 * order, on a drain slower than DRAIN_LIMIT_S, or on a heap that grew by more than a fifth within one
 * browser session.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { KIOSK_PASS_KEY, KIOSK_SETTINGS_KEY, REPLICATION_MODE_KEY } from '../../src/kiosk/kiosk-keys'
import { KioskUnlockAnswerSchema } from '../../domain/api/kiosk.schema'
import { productsOfType, sellable } from '../e2e/fixtures/catalog-api'
import { BRUSSELS, fillAddress } from '../e2e/fixtures/checkout-flow'
import { mailsTo } from '../e2e/fixtures/outbox'
import { CHROMIUM_ARGS, E2E_KIOSK_PIN, E2E_STORAGE_STATE } from '../e2e/playwright.config'
import { workerHeapUsage } from './worker-heap'

const ORDERS = Number(process.env.KIOSK_DAY_ORDERS ?? 100)
const DRAIN_LIMIT_S = 20
/** the day's length, spread over its shoppers */
const DAY_MS = 8 * 60 * 60 * 1000
const SEARCHES = ['shirt', 'jas', 'tas', 'schoen', 'sokken', 'broek', 'trui', 'muts']

interface Posted {
  orderId: string
  status: number
  orderNumber?: string
  at: number
}

function figure(name: string, value: string | number): void {
  console.log(`${name.padEnd(34)} ${value}`)
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

test('the kiosk day: a hundred offline orders, every one on the server once, soon after the network is back', async ({ request, baseURL }) => {
  test.setTimeout(90 * 60_000)
  const profile = mkdtempSync(join(tmpdir(), 'polder-kiosk-day-'))
  const unlocked = await request.post('/api/ext/kiosk/unlock', { data: { pin: E2E_KIOSK_PIN, storeCode: 'nl' } })
  expect(unlocked.ok(), 'the e2e server has a kiosk PIN').toBe(true)
  const { pass } = KioskUnlockAnswerSchema.parse(((await unlocked.json()) as { result: unknown }).result)
  const simples = (await productsOfType(request, 'simple')).filter(
    (p) => sellable(p) && !(Array.isArray(p.custom_options) && p.custom_options.length > 0) && Number((p.stock as { qty?: number }).qty ?? 100) >= ORDERS,
  )
  expect(simples.length, 'simple products in stock for the day').toBeGreaterThan(3)

  const posted: Posted[] = []
  let context: BrowserContext | null = null
  const launch = async (): Promise<Page> => {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      headless: true,
      baseURL,
      viewport: { width: 1280, height: 800 },
    })
    // every POST /api/order and the shop's answer, whatever the tab or restart
    await context.route('**/api/order?*', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      const orderId = String((route.request().postDataJSON() as { order_id: string }).order_id)
      try {
        const answer = await route.fetch()
        const result = ((await answer.json().catch(() => ({}))) as { result?: { orderNumber?: string } }).result
        posted.push({ orderId, status: answer.status(), orderNumber: result?.orderNumber, at: Date.now() })
        await route.fulfill({ response: answer })
      } catch {
        posted.push({ orderId, status: 0, at: Date.now() })
        await route.abort()
      }
    })
    return context.pages()[0] ?? (await context.newPage())
  }

  try {
    // the setup: what the setup screen keeps (src/kiosk/kiosk-settings), and the shop's answers remembered
    let page = await launch()
    await page.goto('/nl/')
    await page.evaluate(
      ({ remembered, keys, pass }) => {
        for (const { name, value } of remembered) localStorage.setItem(name, value)
        localStorage.setItem(keys.mode, 'kiosk')
        localStorage.setItem(keys.settings, JSON.stringify({ store: 'nl', pickup: null, idleMinutes: 3 }))
        localStorage.setItem(keys.pass, pass)
      },
      {
        remembered: E2E_STORAGE_STATE.origins[0]!.localStorage,
        keys: { mode: REPLICATION_MODE_KEY, settings: KIOSK_SETTINGS_KEY, pass: KIOSK_PASS_KEY },
        pass,
      },
    )
    const readyStarted = Date.now()
    await page.reload()
    const status = () => page.getByTestId('kiosk-status')
    await expect(status().getByTestId('kiosk-catalogue')).toHaveText(nl.kiosk.statusReady, { timeout: 300_000 })
    const readyS = (Date.now() - readyStarted) / 1000
    // the pictures: kept once the count stops growing
    const pictures = () => page.evaluate(async () => (await (await caches.open('polder-images')).keys()).length)
    await expect
      .poll(
        async () => {
          const before = await pictures()
          await page.waitForTimeout(3000)
          return before > 0 && before === (await pictures())
        },
        { timeout: 300_000, intervals: [0] },
      )
      .toBe(true)
    await page.evaluate(() => navigator.serviceWorker.ready)
    const categories = await page
      .getByTestId('category-link')
      .evaluateAll((links) => [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))])
    expect(categories.length, 'the categories in the menu').toBeGreaterThan(3)
    const heapReady = await workerHeapUsage(page, 'data.worker')

    // the day, offline; it opens with every category looked at once (the worker's caches fill: the
    // heap the day starts from)
    await context!.setOffline(true)
    await page.clock.install()
    const dayStarted = Date.now()
    for (const path of categories) {
      await page.goto(path)
      await expect(page.locator('[data-testid="product-tile"]').first()).toBeVisible()
    }
    const heapStart = await workerHeapUsage(page, 'data.worker')
    let heapBeforeRestart = heapStart
    let placed = 0
    for (let i = 1; i <= ORDERS; i++) {
      if (i === Math.ceil(ORDERS / 2)) {
        // the browser closed and started again, offline, on the same profile
        heapBeforeRestart = await workerHeapUsage(page, 'data.worker')
        await context!.close()
        page = await launch()
        await context!.setOffline(true)
        await page.clock.install()
        await page.goto('/nl/')
        await expect(status()).toBeVisible()
      } else if (i % 20 === 0) await page.reload()
      const product = simples[i % simples.length]!
      if (i % 4 === 0) {
        // a search as a shopper types it, answered from the tablet
        await page.getByTestId('search-input').pressSequentially(SEARCHES[i % SEARCHES.length]!, { delay: 20 })
        await expect(page.getByTestId('search-panel')).toBeVisible()
        await page.getByTestId('search-input').fill('')
      }
      await page.goto(`/nl/p/${encodeURIComponent(String(product.sku))}/${encodeURIComponent(String(product.slug))}`)
      await page.getByTestId('add-to-cart').click()
      await page.getByTestId('microcart').getByRole('link', { name: nl.microcart.goToCheckout }).click()
      await expect(page).toHaveURL(/\/nl\/checkout$/)
      await expect(page.locator('#co-email'), 'the previous shopper’s details are gone').toHaveValue('')
      await page.locator('#co-email').fill(`kiosk.shopper.${i}@example.be`)
      await page.locator('#co-firstName').fill('Shopper')
      await page.locator('#co-lastName').fill(`Nummer ${i}`)
      await fillAddress(page, 'bill', BRUSSELS)
      await page.locator('input[name="pay-method"][value="payatpickup"]').check()
      await page.locator('#co-terms').check()
      await page.getByRole('button', { name: nl.checkout.placeOrder }).click()
      await expect(page).toHaveURL(/\/nl\/success$/)
      await expect(page.locator('[data-route="success"]')).toHaveAttribute('data-order-status', 'queued')
      placed += 1
      // the next shopper comes a while later: the last one's turn ends by itself on the way
      await page.clock.fastForward(Math.round(DAY_MS / ORDERS))
      await status().getByRole('button', { name: nl.kiosk.newShopper }).click()
    }
    await expect(status().getByTestId('kiosk-waiting')).toContainText(new RegExp(`(^|\\D)${ORDERS} bestellingen wachtend`))
    const heapEnd = await workerHeapUsage(page, 'data.worker')
    const storage = await page.evaluate(() => navigator.storage.estimate())
    const dayS = (Date.now() - dayStarted) / 1000
    expect(posted, 'nothing was posted while offline').toEqual([])

    // the network is back
    const back = Date.now()
    const afterBack: string[] = []
    context!.on('request', (r) => void afterBack.push(`${((Date.now() - back) / 1000).toFixed(2)} ${r.method()} ${new URL(r.url()).pathname}`))
    context!.on(
      'requestfailed',
      (r) => void afterBack.push(`${((Date.now() - back) / 1000).toFixed(2)} FAILED ${new URL(r.url()).pathname} ${r.failure()?.errorText}`),
    )
    await context!.setOffline(false)
    // "0 …", not the "100 …" it starts from
    await expect(status().getByTestId('kiosk-waiting')).toContainText(/(^|\D)0 bestellingen wachtend/, { timeout: 180_000 })
    const answered = posted.filter((p) => p.status === 200)
    const drainS = (Math.max(...answered.map((p) => p.at)) - back) / 1000
    const firstPostS = (Math.min(...posted.map((p) => p.at)) - back) / 1000
    const orderIds = new Set(answered.map((p) => p.orderId))
    const numbers = new Map<string, Set<string>>()
    for (const p of answered) numbers.set(p.orderId, (numbers.get(p.orderId) ?? new Set()).add(p.orderNumber ?? ''))
    // on the server: each shopper's confirmation mail, recorded with the order (the sweep sends it)
    let mails: number[] = []
    await expect
      .poll(
        () => {
          mails = Array.from({ length: ORDERS }, (_, k) => mailsTo(`kiosk.shopper.${k + 1}@example.be`).length)
          return mails.every((count) => count >= 1)
        },
        { timeout: 120_000 },
      )
      .toBe(true)
    const lost = mails.filter((count) => count === 0).length
    // a shopper with two orders on the server (two mails), an order answered with two numbers, or more orders than shoppers
    const duplicated = mails.filter((count) => count > 1).length + [...numbers.values()].filter((n) => n.size > 1).length + Math.max(0, orderIds.size - ORDERS)

    // KIOSK_DAY_DEBUG=1: what the tablet asked first, and when, after the network came back
    if (process.env.KIOSK_DAY_DEBUG) console.log(afterBack.slice(0, 60).join('\n'))
    console.log('\nthe kiosk day')
    figure('orders placed offline', placed)
    figure('order posts (with retries)', posted.length)
    figure('orders the shop answered', orderIds.size)
    figure('orders on the server (their mails)', mails.filter((count) => count >= 1).length)
    figure('lost', lost)
    figure('duplicated', duplicated)
    figure('seconds to drain after reconnect', drainS.toFixed(1))
    figure('  of which to the first answer', firstPostS.toFixed(1))
    figure('catalogue ready after (s)', readyS.toFixed(1))
    figure('the day took (s, wall clock)', dayS.toFixed(0))
    figure('worker heap, catalogue ready', mb(heapReady.usedBytes))
    figure('worker heap at the start', mb(heapStart.usedBytes))
    figure('worker heap before the restart', mb(heapBeforeRestart.usedBytes))
    figure('worker heap at the end', mb(heapEnd.usedBytes))
    figure('storage used / quota', `${mb(storage.usage ?? 0)} / ${mb(storage.quota ?? 0)}`)

    expect(lost, 'orders lost').toBe(0)
    expect(duplicated, 'orders duplicated').toBe(0)
    expect(placed).toBe(ORDERS)
    expect(drainS, 'seconds to drain').toBeLessThanOrEqual(DRAIN_LIMIT_S)
    expect(heapBeforeRestart.usedBytes / heapStart.usedBytes, 'heap growth in the morning session').toBeLessThanOrEqual(1.2)
    expect(heapEnd.usedBytes / heapStart.usedBytes, 'heap at the end of the day').toBeLessThanOrEqual(1.2)
  } finally {
    await (context as BrowserContext | null)?.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
