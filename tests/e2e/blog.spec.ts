/**
 * The blog on the real app (spec §2 blog routes and the blog categories panel): /nl/blog lists the
 * demo shop's published posts newest first, 10 a page; a category's page lists its own; a post
 * opened once reads offline after a reload (the service worker serves the app, the device the
 * post); offline, a post never opened shows the spec's offline notice; an unknown post is not found.
 * The breadcrumbs lead from a post to its category and the blog; the phone menu has a Blog link.
 */
import { expect, test, type Page } from '@playwright/test'
import nl from '../../locales/nl'
import { demoBlogCategories, demoBlogPosts } from '../../server/seed/content/blog'
import { seriousViolations, waitForServiceWorker } from './fixtures/checks'
import { Shop } from './fixtures/shop'

/** Arrives at `path` through history, as back/forward would: the app stays loaded (offline, a page load would fail). */
async function arrive(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, path)
}

/** The Dutch store view's published posts, newest first, as the seed makes them. */
const POSTS = demoBlogPosts('nl')
  .filter((p) => p.status === 1)
  .sort((a, b) => b.publish_date.localeCompare(a.publish_date) || b.id - a.id)
const DRAFTS = demoBlogPosts('nl').filter((p) => p.status !== 1)
const pageOf = (page: number, count: number) => nl.blog.pageOf.replace('{page}', String(page)).replace('{count}', String(count))

test('nl: the blog lists the published posts newest first, 10 a page, and a category’s page its own', async ({ page }) => {
  // many steps, and the first test of a run may meet the server while it still seeds the demo shop
  test.slow()
  const shop = new Shop(page, '/nl')
  await shop.open('/blog')
  const list = page.locator('[data-route="blog"]')
  await expect(list.getByRole('heading', { level: 1 })).toHaveText(nl.contentPages.blog)
  const summaries = page.getByTestId('blog-summary')
  await expect(summaries).toHaveCount(10, { timeout: 30_000 })
  await expect(summaries.getByRole('heading', { level: 2 })).toHaveText(POSTS.slice(0, 10).map((p) => p.title))
  // the date in Dutch words, the excerpt as the shop wrote it
  await expect(summaries.first().locator('time')).toHaveAttribute('datetime', new Date(POSTS[0]!.publish_date).toISOString())
  await expect(summaries.first().locator('time')).toContainText(/\d{4}/)
  await expect(summaries.first().locator('.blog-summary__excerpt p')).toBeVisible()
  for (const draft of DRAFTS) await expect(page.getByRole('link', { name: draft.title })).toHaveCount(0)
  expect(await seriousViolations(page, 'main')).toEqual([])

  const pages = Math.ceil(POSTS.length / 10)
  const pagination = page.getByTestId('blog-pagination')
  await expect(pagination).toContainText(pageOf(1, pages))
  await pagination.getByRole('link', { name: nl.blog.nextPage }).click()
  await expect(page).toHaveURL(/\/nl\/blog\?page=2$/)
  await expect(summaries.getByRole('heading', { level: 2 })).toHaveText(POSTS.slice(10, 20).map((p) => p.title))

  // oldest first: the sort starts again at page 1
  await page.getByLabel(nl.blog.sort).selectOption('oldest')
  await expect(page).toHaveURL(/\/nl\/blog\?sort=oldest$/)
  await expect(summaries.first().getByRole('heading', { level: 2 })).toHaveText(POSTS[POSTS.length - 1]!.title)

  // the blog categories panel: a dialog over the overlay, closed by the move to the category
  const category = demoBlogCategories('nl')[0]!
  const button = page.getByTestId('blog-categories-button')
  const panel = page.getByRole('dialog', { name: nl.blog.categories })
  // by keyboard: Enter opens it, Escape closes it and gives focus back to its button
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(panel).toBeVisible()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByTestId('overlay')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()
  await button.click()
  await expect(panel).toBeVisible()
  await panel.getByRole('link', { name: category.title }).click()
  await expect(page).toHaveURL(new RegExp(`/nl/blog/category/${category.url_key}$`))
  await expect(panel).toBeHidden()
  await expect(page.locator('[data-route="blog-category"]').getByRole('heading', { level: 1 })).toHaveText(category.title)
  const own = POSTS.filter((p) => p.blog_category_ids.includes(category.id))
  await expect(summaries.getByRole('heading', { level: 2 })).toHaveText(own.slice(0, 10).map((p) => p.title))
})

test('nl: a post read once reads offline after a reload; one never opened shows the offline notice', async ({ page, context }) => {
  const shop = new Shop(page, '/nl')
  await shop.open('/blog')
  const [read, never] = [POSTS[1]!, POSTS[2]!]
  await page.getByTestId('blog-list').getByRole('link', { name: read.title }).click()
  await expect(page).toHaveURL(new RegExp(`/nl/blog/${read.url_key}$`))
  const article = page.locator('[data-route="blog-post"]')
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(read.title)
  await expect(article.locator('.blog-post__content p').first()).toBeVisible()
  // its categories link to their pages, the latest posts beside it
  const category = demoBlogCategories('nl').find((c) => read.blog_category_ids.includes(c.id))!
  await expect(page.getByTestId('blog-post-categories').getByRole('link', { name: category.title })).toHaveAttribute(
    'href',
    `/nl/blog/category/${category.url_key}`,
  )
  await expect(page.getByTestId('blog-latest').getByRole('link', { name: POSTS[0]!.title })).toBeVisible()
  expect(await seriousViolations(page, 'main')).toEqual([])

  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(read.title, { timeout: 60_000 })
  await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 30_000 })
  await expect(article.locator('.blog-post__content p').first()).toBeVisible()

  await arrive(page, `/nl/blog/${never.url_key}`)
  await expect(shop.notifications().filter({ hasText: nl.messages.offlineNotAvailable })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.offlineUnavailable.title)
  await context.setOffline(false)
})

test('nl: an unknown post is the not-found page', async ({ page }) => {
  const shop = new Shop(page, '/nl')
  await shop.open('/blog/geen-bericht-zo')
  await expect(page.locator('[data-route="page-not-found"]')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl.notFound.title)
})

test('nl: breadcrumbs lead from a post to its category, the blog and home', async ({ page }) => {
  const shop = new Shop(page, '/nl')
  await shop.open('/blog')
  const crumbs = page.getByTestId('breadcrumbs')
  await expect(crumbs.getByRole('listitem')).toHaveText([nl.breadcrumbs.home, nl.contentPages.blog], { timeout: 30_000 })
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(nl.contentPages.blog)

  const post = POSTS[0]!
  const category = demoBlogCategories('nl').find((c) => c.id === post.blog_category_ids[0])!
  await page.getByTestId('blog-list').getByRole('link', { name: post.title }).click()
  await expect(page).toHaveURL(new RegExp(`/nl/blog/${post.url_key}$`))
  await expect(crumbs.getByRole('listitem')).toHaveText([nl.breadcrumbs.home, nl.contentPages.blog, category.title, post.title])
  await expect(crumbs.getByRole('link', { name: nl.contentPages.blog })).toHaveAttribute('href', '/nl/blog')
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(post.title)
  expect(await seriousViolations(page, 'main')).toEqual([])

  await crumbs.getByRole('link', { name: category.title }).click()
  await expect(page).toHaveURL(new RegExp(`/nl/blog/category/${category.url_key}$`))
  await expect(crumbs.getByRole('listitem')).toHaveText([nl.breadcrumbs.home, nl.contentPages.blog, category.title])
  await crumbs.getByRole('link', { name: nl.contentPages.blog }).click()
  await expect(page).toHaveURL(/\/nl\/blog$/)
  await expect(page.locator('[data-route="blog"]').getByRole('heading', { level: 1 })).toHaveText(nl.contentPages.blog)
})

test('nl, phone: the menu has a Blog link', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  const shop = new Shop(page, '/nl')
  await shop.open('/')
  await page.getByTestId('sidebar-button').click()
  const menu = page.getByTestId('sidebar')
  await menu.getByRole('link', { name: nl.contentPages.blog }).click()
  await expect(page).toHaveURL(/\/nl\/blog$/)
  await expect(page.locator('[data-route="blog"]').getByRole('heading', { level: 1 })).toHaveText(nl.contentPages.blog)
})
