/**
 * What the demo blog is made of in every language: its categories and posts with their ids, dates,
 * pictures and status (fixed here, so every store view has the same set), and what one language
 * writes for them.
 */
import type { PictureKind } from '../kinds/kind-types'
import type { ContentContext } from './types'

export const BLOG_CATEGORY_IDS = { cycling: 1, food: 2, home: 3, 'low-countries': 4 } as const
export type BlogCategoryKey = keyof typeof BLOG_CATEGORY_IDS

export interface PostPlan {
  id: number
  category: BlogCategoryKey
  /** published on this day of 2026, at 9:00 UTC */
  month: number
  day: number
  picture: [PictureKind, string]
  status?: 0
}

export const BLOG_POST_PLANS = {
  stamppot: { id: 1, category: 'food', month: 1, day: 14, picture: ['cookie', '8a6d3b'] },
  carnival: { id: 2, category: 'low-countries', month: 2, day: 4, picture: ['giftbox', 'd94f2b'] },
  'rain-gear': { id: 3, category: 'cycling', month: 2, day: 25, picture: ['jacket', '1f5f8b'] },
  'bike-check': { id: 4, category: 'cycling', month: 3, day: 18, picture: ['wrench', '5a5a5a'] },
  'balcony-garden': { id: 5, category: 'home', month: 4, day: 8, picture: ['lamp', '3d8b37'] },
  'kings-day': { id: 6, category: 'low-countries', month: 4, day: 20, picture: ['tshirt', 'f47b20'] },
  'cycle-junctions': { id: 7, category: 'cycling', month: 5, day: 13, picture: ['bike', '2e5aac'] },
  fries: { id: 8, category: 'food', month: 6, day: 3, picture: ['cookie', 'e0b040'] },
  'children-on-the-bike': { id: 9, category: 'cycling', month: 6, day: 24, picture: ['cargobike', 'c0392b'] },
  'dutch-design': { id: 10, category: 'home', month: 7, day: 15, picture: ['chair', '222222'] },
  'cheese-board': { id: 11, category: 'food', month: 8, day: 5, picture: ['cheese', 'f2c14e'] },
  ghent: { id: 12, category: 'low-countries', month: 8, day: 26, picture: ['bag', '6b4f3a'] },
  'delft-blue': { id: 13, category: 'home', month: 9, day: 16, picture: ['mug', '1d4e89'] },
  'reading-corner': { id: 14, category: 'home', month: 10, day: 7, picture: ['book', '7a2e2e'] },
  'bike-lights': { id: 15, category: 'cycling', month: 10, day: 21, picture: ['bikelight', 'f1c40f'] },
  'wharf-cellars': { id: 16, category: 'low-countries', month: 11, day: 4, picture: ['coffee', '4b2e1e'] },
  gezellig: { id: 17, category: 'home', month: 11, day: 11, picture: ['pendant', 'c8773a'] },
  speculoos: { id: 18, category: 'food', month: 11, day: 18, picture: ['cookie', 'a0522d'] },
  sinterklaas: { id: 19, category: 'low-countries', month: 11, day: 25, picture: ['chocolate', '8b0000'] },
  stroopwafels: { id: 20, category: 'food', month: 12, day: 2, picture: ['coffee', 'b5651d'] },
  'e-bike-battery': { id: 21, category: 'cycling', month: 12, day: 9, picture: ['bike', '16a085'], status: 0 },
  'spring-cleaning': { id: 22, category: 'home', month: 12, day: 16, picture: ['lamp', 'bdc3c7'], status: 0 },
} as const satisfies Record<string, PostPlan>
export type BlogPostKey = keyof typeof BLOG_POST_PLANS

export interface BlogCategoryText {
  title: string
  description: string
  meta_description: string
}

export interface BlogPostText {
  title: string
  /** one or two sentences: the excerpt */
  short: string
  /** the paragraphs (may hold inline HTML); a line starting with `## ` is a heading */
  body: string[]
  author: string
}

export interface BlogTexts {
  categories: Record<BlogCategoryKey, BlogCategoryText>
  posts: Record<BlogPostKey, BlogPostText>
  /** the hierarchy's headings */
  headings: Record<'service' | 'about' | 'legal', string>
}

/** What one language writes: its texts, given the store view's links. */
export type BlogLanguage = (c: ContentContext) => BlogTexts
