/**
 * The demo shop's reviews: about a fifth of the products have 1 to 6 approved reviews in each store
 * view, in its language, mostly 4 and 5 stars. The same products are reviewed in every store view
 * (drawn once); stars, words and dates are drawn per store view. Deterministic: a PRNG of the seed's
 * own, so the catalogue's draws are the same with or without reviews.
 */
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../../domain/store-views'
import type { ReviewFixture } from '../../../domain/review.schema'
import { createRandom, type Random } from '../random'
import { SHOP_BASE_DATE } from '../timeline'
import type { ReviewWords } from './review-words'
import { EN_REVIEW_WORDS } from './review-words-en'
import { FR_REVIEW_WORDS } from './review-words-fr'
import { NL_REVIEW_WORDS } from './review-words-nl'

/** the share of the products with reviews */
export const REVIEWED_SHARE = 0.2
export const MAX_REVIEWS_PER_PRODUCT = 6
/** how far before the shop's base date the reviews were written */
const REVIEW_DAYS = 300

/** stars 1 to 5, weighted: mostly 4 and 5, as a shop's reviews are */
const STAR_WEIGHTS = [3, 5, 12, 35, 45] as const

const DAY_MS = 24 * 60 * 60 * 1000

function wordsOf(store: StoreCode): ReviewWords {
  const language = STORE_VIEWS[store].i18n.defaultLocale
  return language.startsWith('fr') ? FR_REVIEW_WORDS : language.startsWith('nl') ? NL_REVIEW_WORDS : EN_REVIEW_WORDS
}

function stars(rng: Random): number {
  let draw = rng.int(
    1,
    STAR_WEIGHTS.reduce((a, b) => a + b, 0),
  )
  for (let i = 0; i < STAR_WEIGHTS.length; i++) {
    draw -= STAR_WEIGHTS[i]!
    if (draw <= 0) return i + 1
  }
  return 5
}

export interface ReviewedProduct {
  id: number
  sku: string
}

/** The products with reviews and how many each has, drawn once for every store view. */
export function reviewedProducts(products: readonly ReviewedProduct[], seed: number): { product: ReviewedProduct; count: number }[] {
  const rng = createRandom(seed ^ 0x5e71e3)
  return products.flatMap((product) => (rng.chance(REVIEWED_SHARE) ? [{ product, count: rng.int(1, MAX_REVIEWS_PER_PRODUCT) }] : []))
}

/** A store view's reviews of the reviewed products. */
export function demoReviews(reviewed: readonly { product: ReviewedProduct; count: number }[], store: StoreCode, seed: number): ReviewFixture[] {
  const rng = createRandom(seed + STORE_CODES.indexOf(store) * 7919 + 1)
  const words = wordsOf(store)
  return reviewed.flatMap(({ product, count }) =>
    rng.sample(words.nicknames, count).map((nickname) => {
      const rating = stars(rng)
      const minutes = rng.int(1, REVIEW_DAYS * 24 * 60)
      return {
        product_id: product.id,
        sku: product.sku,
        title: rng.pick(words.titles[rating - 1]!),
        detail: rng.pick(words.texts[rating - 1]!),
        nickname,
        rating,
        created_at: new Date(SHOP_BASE_DATE - (minutes / (24 * 60)) * DAY_MS).toISOString(),
      }
    }),
  )
}
