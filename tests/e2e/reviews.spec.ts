/**
 * A guest writes a review on a product page: the data worker sends it from its outbox, the guest
 * confirms it from the mail, it stays hidden while pending, and once approved through the import
 * endpoint the product page shows it, with the count and the average that include it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import en from '../../locales/en'
import { REVIEW_CONFIRM_PATH, REVIEW_CREATE_PATH } from '../../domain/api/review.schema'
import { E2E_IMPORT_API_KEY } from './playwright.config'
import { productsOfType, sellable, type SourceDoc } from './fixtures/catalog-api'
import { mailMatching } from './fixtures/outbox'
import { Shop } from './fixtures/shop'

/** The product's approved reviews the catalogue answers (asked again while a fresh server warms up). */
async function approvedReviews(request: APIRequestContext, productId: number): Promise<SourceDoc[]> {
  let docs: SourceDoc[] = []
  await expect(async () => {
    const res = await request.post('/api/catalog/polder_en/review/_search?request_format=search-query&response_format=standard&size=100', {
      data: { _availableFilters: [], _appliedSort: [], _appliedFilters: [{ attribute: 'product_id', value: { eq: productId }, scope: 'default' }] },
    })
    expect(res.ok(), await res.text()).toBe(true)
    docs = ((await res.json()) as { hits: { hits: { _source: SourceDoc }[] } }).hits.hits.map((h) => h._source)
  }).toPass({ timeout: 120_000 })
  return docs
}

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1)

test('a guest’s review shows on the product page once confirmed and approved, with the new average', async ({ page, request }) => {
  test.setTimeout(240_000)
  // a product the demo shop has reviews of (about a fifth have some), so the average moves
  let product: SourceDoc | undefined
  let before: SourceDoc[] = []
  for (const candidate of (await productsOfType(request, 'simple')).filter(sellable).slice(0, 30)) {
    before = await approvedReviews(request, Number(candidate.id))
    product = candidate
    if (before.length > 0) break
  }
  expect(product, 'the demo shop has a sellable simple product').toBeDefined()
  expect(before.length, 'the demo shop has reviews of one of its first simple products').toBeGreaterThan(0)
  const stars = before.map((r) => r.rating).filter((r): r is number => typeof r === 'number')

  const created: number[] = []
  page.context().on('response', (response) => {
    if (response.url().includes(REVIEW_CREATE_PATH) && response.ok())
      void response.json().then(
        (body: { result: { id: number } }) => created.push(body.result.id),
        () => undefined,
      )
  })

  const shop = new Shop(page, '/en')
  const path = `/p/${encodeURIComponent(String(product!.sku))}/${encodeURIComponent(String(product!.slug))}`
  await shop.open(path)
  const section = page.getByTestId('product-reviews')
  await expect(section.getByRole('heading', { level: 2, name: en.reviews.title })).toBeVisible({ timeout: 60_000 })
  if (before.length === 0) await expect(section.getByTestId('reviews-none')).toHaveText(en.reviews.none)
  else await expect(section.getByTestId('reviews-count')).toHaveText(`${before.length} review${before.length === 1 ? '' : 's'}`)

  // a refused send names what is missing, and focus goes to the stars
  const form = section.getByTestId('review-form')
  await form.getByRole('button', { name: en.reviews.submit }).click()
  await expect(form.getByRole('alert')).toHaveText(en.reviews.fixErrors)
  await expect(form.getByRole('group', { name: en.reviews.ratingLegend })).toContainText(en.reviews.ratingMissing)
  await expect(form.getByRole('radio', { name: '1 star', exact: true })).toBeFocused()

  const title = `Sturdy and kind to the skin ${Date.now()}`
  const email = `reviewer-${Date.now()}@example.com`
  await form.getByRole('radio', { name: '2 stars', exact: true }).check()
  await form.getByLabel(en.reviews.titleLabel).fill(title)
  await form.getByLabel(en.reviews.detailLabel).fill('Washed it ten times and it still looks new. <b>Recommended</b>.')
  await form.getByLabel(en.reviews.nicknameLabel).fill('Marieke')
  await form.getByLabel(en.reviews.emailLabel).fill(email)
  await form.getByRole('button', { name: en.reviews.submit }).click()
  await expect(form.getByTestId('review-sent')).toContainText(en.reviews.thanksGuest.replace('{email:string}', email))

  // sent once by the worker's outbox
  await expect.poll(() => created.length, { timeout: 30_000 }).toBe(1)
  const reviewId = created[0]!

  // the guest confirms it from the mail
  const mail = await mailMatching(email, new RegExp(REVIEW_CONFIRM_PATH))
  const link = /\/api\/review\/confirm\?storeCode=en&token=([A-Za-z0-9_-]+)/.exec(mail.text)
  expect(link, mail.text).not.toBeNull()
  const confirmed = await request.post(`${REVIEW_CONFIRM_PATH}?storeCode=en`, { data: { token: link![1] } })
  expect(confirmed.status(), await confirmed.text()).toBe(200)

  // pending: not shown, the figures unchanged
  await shop.open(path)
  await expect(section.getByRole('heading', { level: 2, name: en.reviews.title })).toBeVisible({ timeout: 60_000 })
  await expect(section.getByTestId('reviews-none').or(section.getByTestId('reviews-count'))).toBeVisible()
  await expect(section.getByText(title)).toHaveCount(0)

  const approved = await request.post('/api/ext/import/batch', {
    headers: { authorization: `Bearer ${E2E_IMPORT_API_KEY}` },
    data: { storeViews: { en: { reviews: [{ id: reviewId, status: 'approved' }] } } },
  })
  expect(approved.status(), await approved.text()).toBe(200)

  // approved: the page shows it first (newest), with the count and the average that include its 2 stars
  await shop.open(path)
  await expect(section.getByTestId('review').first()).toContainText(title, { timeout: 60_000 })
  // its words as plain text: the markup was taken out
  await expect(section.getByTestId('review').first()).toContainText('Washed it ten times and it still looks new.')
  await expect(section.getByTestId('review').first()).not.toContainText('<b>')
  await expect(section.getByTestId('reviews-count')).toHaveText(`${before.length + 1} review${before.length === 0 ? '' : 's'}`)
  const average = oneDecimal([...stars, 2].reduce((a, b) => a + b, 0) / (stars.length + 1))
  await expect(section.getByTestId('reviews-average')).toHaveText(average)
  await expect(section.getByTestId('reviews-summary').getByRole('img')).toHaveAccessibleName(`Rated ${average} out of 5`)
})
