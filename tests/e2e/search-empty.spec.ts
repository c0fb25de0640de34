/**
 * Landing on a results page: the box holds the words, ready to refine, and a search
 * that finds nothing offers the shop's categories instead of a dead end, its best sellers, and a
 * "did you mean" with the typo corrected.
 */
import { expect, test } from '@playwright/test'
import en from '../../locales/en'
import { Shop } from './fixtures/shop'

test('en: /search/xyzzyq shows its words in the box and offers the categories; one opens', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  // the best sellers offered come from this device's catalogue: let a listing fill it first
  await shop.openCategory(/Clothing/)
  await shop.open('/search/xyzzyq')
  await expect(page.getByTestId('search-count')).toHaveText(en.search.noResults.replace('{query:string}', 'xyzzyq'))
  await expect(page.getByRole('searchbox')).toHaveValue('xyzzyq')

  // nothing close to "xyzzyq": no suggestion, but best sellers to look at
  await expect(page.getByTestId('search-popular').getByTestId('product-tile')).toHaveCount(4)
  await expect(page.getByTestId('search-suggestion')).toHaveCount(0)

  const help = page.getByTestId('search-help')
  await expect(help.getByRole('heading', { name: en.search.browseInstead })).toBeVisible()
  const first = help.getByRole('link').first()
  const name = (await first.textContent())!.trim()
  await first.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

test('en: a typo finds nothing, "did you mean" offers the corrected words and they find the product', async ({ page }) => {
  const shop = new Shop(page, '/en')
  await shop.open('/')
  await expect(shop.categoryLinks().first()).toBeVisible({ timeout: 60_000 })
  // a product this device holds (listed from its database): its name's words are the vocabulary
  await shop.openCategory(/Clothing/)
  const name = (await shop.tiles().first().getByRole('heading', { level: 3 }).textContent())!.trim()
  const word = name
    .split(/\s+/)
    .filter((w) => /^[a-z]{6,}$/i.test(w))
    .sort((a, b) => b.length - a.length)[0]
  expect(word, `a long word in "${name}"`).toBeDefined()
  // two letters in the middle replaced: too far for the server's trigram match (below its 0.4 word
  // similarity), within the two edits "did you mean" forgives a word of five letters or more
  const typo = word!.slice(0, 2) + 'qx' + word!.slice(4)
  await shop.open(`/search/${typo}`)
  await expect(page.getByTestId('search-count')).toHaveText(en.search.noResults.replace('{query:string}', typo))
  const suggestion = page.getByTestId('search-suggestion')
  await expect(suggestion).toHaveText(en.search.didYouMean.replace('{term:string}', word!.toLowerCase()))
  await suggestion.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/en/search/${word!.toLowerCase()}$`))
  await expect(shop.tiles().first()).toBeVisible()
  await expect(page.getByTestId('search-suggestion')).toHaveCount(0)
})
