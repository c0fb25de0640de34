/**
 * Every route of the spec's route table that is a shell for now (spec §2: "Pages whose content
 * belongs to other issues may show their shell but must route correctly") routes to its own page
 * with its own layout, in the /en and /fr store views and on the French host: its translated h1 and
 * document title, not the page-not-found page, the main menu only where the layout has it.
 */
import { expect, test, type Page } from '@playwright/test'
import en from '../../locales/en'
import fr from '../../locales/fr'
import nl from '../../locales/nl'
import { seriousViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

type Dictionary = typeof en
type Layout = 'default' | 'minimal' | 'base' | 'empty'

interface ShellRoute {
  path: string
  layout: Layout
  title: (d: Dictionary) => string
  /** my-account pages: the entry of the account nav marked as the current page, and the page's status line logged out */
  account?: { section: (d: Dictionary) => string; status: (d: Dictionary) => string }
}

const ORDER_ID = '000000042'
const withOrderId = (text: string) => text.replace(/\{orderId(:string)?\}/, ORDER_ID)

const ROUTES: ShellRoute[] = [
  { path: '/success', layout: 'minimal', title: (d) => d.statusPages.successTitle },
  { path: '/cancel', layout: 'minimal', title: (d) => d.statusPages.cancelTitle },
  { path: '/error', layout: 'minimal', title: (d) => d.statusPages.errorTitle },
  { path: '/maintenance', layout: 'base', title: (d) => d.statusPages.maintenanceTitle },
  // not a shell: logged out it shows the login form (tests/e2e/account.spec.ts)
  { path: '/my-account', layout: 'default', title: (d) => d.account.title },
  // not shells: logged out they ask the shopper to log in
  {
    path: '/my-account/shipping-details',
    layout: 'default',
    title: (d) => d.account.shippingDetails,
    account: { section: (d) => d.account.shippingDetails, status: (d) => d.account.loginForAddresses },
  },
  {
    path: '/my-account/newsletter',
    layout: 'default',
    title: (d) => d.account.newsletter,
    account: { section: (d) => d.account.newsletter, status: (d) => d.privacyPages.loginFirst },
  },
  {
    path: '/my-account/orders',
    layout: 'default',
    title: (d) => d.account.orders,
    account: { section: (d) => d.account.orders, status: (d) => d.orders.deviceNote },
  },
  {
    path: `/my-account/orders/${ORDER_ID}`,
    layout: 'default',
    title: (d) => withOrderId(d.account.order),
    account: { section: (d) => d.account.orders, status: (d) => d.orders.notOnDevice },
  },
  {
    path: '/my-account/privacy',
    layout: 'default',
    title: (d) => d.account.privacy,
    account: { section: (d) => d.account.privacy, status: (d) => d.privacyPages.loginFirst },
  },
  {
    path: '/my-account/social',
    layout: 'default',
    title: (d) => d.account.social,
    account: { section: (d) => d.account.social, status: (d) => d.socialLogin.loginFirst },
  },
  { path: '/create-password/token/abc123/email/jan%40example.com', layout: 'default', title: (d) => d.createPassword.title },
  { path: '/auth/callback/google', layout: 'empty', title: (d) => d.socialLogin.title },
  { path: '/blog', layout: 'default', title: (d) => d.contentPages.blog },
  { path: '/blog?sort=newest', layout: 'default', title: (d) => d.contentPages.blog },
  { path: '/blog/category/cycling', layout: 'default', title: () => 'Cycling' },
  { path: '/blog/stamppot-for-cold-january-evenings?sort=newest', layout: 'default', title: () => 'Stamppot for cold January evenings' },
  { path: '/brands', layout: 'default', title: (d) => d.contentPages.brands },
  { path: '/submit-return', layout: 'default', title: (d) => d.contentPages.submitReturn },
]

function route(path: string): ShellRoute {
  const found = ROUTES.find((r) => r.path === path)
  if (!found) throw new Error(`no shell route ${path}`)
  return found
}

/** The page at the current URL is the route's own shell, with its layout. */
async function expectShell(page: Page, shell: ShellRoute, d: Dictionary): Promise<void> {
  const title = shell.title(d)
  const h1 = page.getByRole('heading', { level: 1 })
  await expect(h1).toHaveText(title)
  await expect(h1).toHaveCount(1)
  await expect(page).toHaveTitle(`${title} — Polder`)
  await expect(page.locator('[data-route="page-not-found"]')).toHaveCount(0)
  expect(title).not.toBe(d.notFound.title)

  const mainMenu = page.getByRole('navigation', { name: d.header.mainMenu })
  await expect(mainMenu).toHaveCount(shell.layout === 'default' ? 1 : 0)
  // minimal and base keep the brand header; the empty layout (a pop-up callback) has none
  await expect(page.getByRole('banner')).toHaveCount(shell.layout === 'empty' ? 0 : 1)
  await expect(page.getByRole('contentinfo')).toHaveCount(shell.layout === 'default' || shell.layout === 'minimal' ? 1 : 0)
  if (shell.account) {
    const accountNav = page.getByRole('navigation', { name: d.account.nav })
    await expect(accountNav.locator('[aria-current="page"]')).toHaveText(shell.account.section(d))
    await expect(page.getByRole('main').getByRole('status')).toContainText(shell.account.status(d))
  }
}

test('en: every shell route of the route table opens its own page with its layout', async ({ page }) => {
  const shop = new Shop(page, '/en')
  for (const shell of ROUTES) {
    await test.step(shell.path, async () => {
      await shop.open(shell.path)
      await expectShell(page, shell, en)
    })
  }
})

test('en: the shells say what is missing, in place of content', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/create-password/token/abc123/email/jan%40example.com')
  // the reset mail's page: the address from the link, a new password twice (tests/e2e/password-reset.spec.ts sets one)
  await expect(page.getByTestId('create-password-form')).toContainText(en.createPassword.intro.replace('{email:string}', 'jan@example.com'))
  await expect(page.getByRole('button', { name: en.createPassword.submit })).toBeEnabled()

  // the social-login callback opened by hand: no provider answer to go on with
  await shop.open('/auth/callback/google')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(en.account.error_socialProviderError)
})

test('fr and nl: shells in the shopper’s language, with the prefix and on the French host', async ({ page, baseURL }) => {
  const frShop = new Shop(page, '/fr')
  for (const path of ['/my-account', '/success', '/blog?sort=newest', '/submit-return', '/auth/callback/google']) {
    await test.step(`/fr${path}`, async () => {
      await frShop.open(path)
      await expect(page.locator('html')).toHaveAttribute('lang', /^fr/)
      await expectShell(page, route(path), fr)
    })
  }

  const nlShop = new Shop(page, '/nl')
  await nlShop.open('/my-account/privacy')
  await expectShell(page, route('/my-account/privacy'), nl)

  const frHost = new Shop(page, baseURL!.replace('localhost', 'fr.localhost'))
  for (const path of [`/my-account/orders/${ORDER_ID}`, '/maintenance']) {
    await test.step(`French host ${path}`, async () => {
      await frHost.open(path)
      await expect(page).toHaveURL(new RegExp(`^http://fr\\.localhost:\\d+${path}$`))
      await expectShell(page, route(path), fr)
    })
  }
})

test('axe: the account page and the create-password form have no serious violations', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/my-account/orders')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.account.orders)
  expect(await seriousViolations(page)).toEqual([])

  await shop.open('/create-password/token/abc123/email/jan%40example.com')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.createPassword.title)
  expect(await seriousViolations(page)).toEqual([])
})

test.describe('pages loaded when opened', () => {
  // no service worker: nothing is precached, so a page's own chunk can only come from the network
  test.use({ serviceWorkers: 'block' })

  test('offline, a page whose code is not on the device yet says so (OK goes home); online it opens', async ({ page, context }) => {
    const shop = new Shop(page, '/en')
    await shop.open('/')
    await expect(shop.categoryLinks().first()).toBeVisible()
    const chunks: string[] = []
    page.on('request', (r) => {
      if (/\/assets\/.+\.js$/.test(r.url())) chunks.push(new URL(r.url()).pathname)
    })
    await context.setOffline(true)
    // arrive through history, as the router does for back/forward (an offline reload would be the browser's own error page)
    await page.evaluate(() => {
      history.pushState(history.state, '', '/en/brands')
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.offlineUnavailable.title)
    const notice = shop.notifications().filter({ hasText: en.messages.offlineNotAvailable })
    await expect(notice).toBeVisible()
    expect(
      chunks.some((c) => /brands-page/.test(c)),
      'the brands page is its own chunk, asked for only now',
    ).toBe(true)
    await notice.getByRole('button', { name: en.actions.ok }).click()
    await expect(page).toHaveURL(/\/en\/$/)
    await expect(shop.categoryLinks().first()).toBeVisible()

    await context.setOffline(false)
    await page.goto('/en/brands')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.contentPages.brands)
  })
})
