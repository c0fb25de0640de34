/** A review's stars and the lengths of its words: apart from the review's schema, so the product page's form reads them without zod. */
export const REVIEW_RATING_MIN = 1
export const REVIEW_RATING_MAX = 5

export const REVIEW_LIMITS = { title: 255, detail: 5000, nickname: 100 } as const
