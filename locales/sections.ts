/**
 * The dictionary in three parts, to keep the first-load JavaScript small. A page load's first render needs
 * the words of the shell, the catalogue and the product: locales/<lang>/first-load.ts. The words of
 * LATER_SECTIONS (the cart, the checkout, the account's forms, the status pages) are in
 * locales/<lang>/later.ts, which the app loads once the first page is on screen and before any page
 * or panel that shows them (src/dictionary.ts). The words of SERVER_SECTIONS (the mails, the page
 * heads, the sandbox payment page) are in locales/<lang>/server.ts, which no browser loads.
 * index.ts joins the three: typesafe-i18n's generator reads it for the types, the server loads it
 * whole.
 */
export const LATER_SECTIONS = [
  'microcart',
  'cart',
  'checkout',
  'order',
  'statusPages',
  'createPassword',
  'socialLogin',
  'validation',
  'vatCheck',
  'privacyPages',
  'orders',
  'blog',
  'infoBanner',
  'stockAlert',
  'reviews',
  'consent',
  'returns',
  'kiosk',
] as const

export type LaterSection = (typeof LATER_SECTIONS)[number]

/**
 * The later words come in parts (locales/<lang>/later-<part>.ts), each a chunk a page loads when it
 * shows its words (src/dictionary.ts withLaterWords): the account pages do not load the checkout's
 * or the orders' words, and the cart page loads only its own. A part holds whole sections or some keys of a section (the checkout's address fields
 * are the account part's: the address book shows them too), the same keys in every language
 * (tests/unit/dictionary.test.ts); locales/<lang>/later.ts joins them.
 */
export const LATER_PARTS = [
  'account',
  'cart',
  'totals',
  'checkout',
  'orders',
  'status',
  'privacy',
  'blog',
  'stock',
  'reviews',
  'consent',
  'returns',
  'kiosk',
] as const

export type LaterPart = (typeof LATER_PARTS)[number]

/**
 * The words only the server uses: the page heads it writes (server/services/page-head-words.ts),
 * the mails it sends (server/mail), the sandbox payment page and the payment methods' names
 * (server/payments/payment-words.ts), and what the API says on its own to any request (an outage).
 */
export const SERVER_SECTIONS = [
  'seo',
  'orderMail',
  'giftCardMail',
  'accountMail',
  'newsletterMail',
  'stockAlertMail',
  'reviewMail',
  'returnMail',
  'payment',
  'serverErrors',
] as const

export type ServerSection = (typeof SERVER_SECTIONS)[number]

/**
 * Sections split between the two parts: these keys are first-load words (the header's and the
 * footer's account links, the minimal layout's footer line, the notifications any page may show),
 * the section's other words come later.
 */
export const SPLIT_SECTIONS = {
  account: ['title', 'signIn', 'accountOf', 'recentlyViewed'],
  // the minimal layout's line (checkout, status pages); the footer's other words come with its chunk (src/components/site-footer.tsx)
  footer: ['rights'],
  // the notifications any page may show: the data layer's, the lists', the product's; the account
  // pages', the coupons' and gift cards' and a store switch's cart handoff's come with the account and cart parts (the notifications
  // region loads those parts for a message whose words are not in, src/ui/notifications.tsx)
  messages: [
    'productAddedToCart',
    'productQuantityUpdated',
    'priceUnknown',
    'stockVolatile',
    'outOfStock',
    'noAvailableVariants',
    'noSuchConfiguration',
    'inStock',
    'outOfTheStock',
    'offlineNotAvailable',
    'noProductsSynchronized',
    'serverError',
    'cartIdMissing',
    'badContentType',
    'wrongResponseFormat',
    'addedToWishlist',
    'removedFromWishlist',
    'wishlistCleared',
    'addedToCompare',
    'removedFromCompare',
    'compareCleared',
    'compareLimit',
    'listProductUnknown',
    'chooseOptions',
    'needsFullDetails',
    'giftCardDropped',
    'cartLineRefused',
    'cartQtyRestored',
    'couponDropped',
    'cartLineChanged',
    'loggedOut',
    'sessionExpired',
  ],
} as const

/** The names of SPLIT_SECTIONS: all the browser needs of them (src/dictionary.ts), not their keys. */
export const SPLIT_SECTION_NAMES = ['account', 'footer', 'messages'] as const satisfies readonly SplitSection[]

/** The later parts that hold notifications' words (the account pages' messages, the coupons' and gift cards'). */
export const LATER_MESSAGE_PARTS: readonly LaterPart[] = ['account', 'cart']

export type SplitSection = keyof typeof SPLIT_SECTIONS
type FirstLoadKey<S extends SplitSection> = (typeof SPLIT_SECTIONS)[S][number]

/** A language's first-load.ts, of its whole dictionary `T` */
export type FirstLoadWords<T extends Record<SplitSection, object>> = Omit<T, LaterSection | ServerSection | SplitSection> & {
  [S in SplitSection]: Pick<T[S], Extract<FirstLoadKey<S>, keyof T[S]>>
}

/** A language's later.ts, of its whole dictionary `T` */
export type LaterWords<T extends Record<SplitSection, object>> = Pick<T, Extract<LaterSection, keyof T>> & {
  [S in SplitSection]: Omit<T[S], FirstLoadKey<S>>
}

/** A part of a language's later words (later-<part>.ts): some of its sections, each with some of its keys */
export type LaterPartWords<T extends Record<SplitSection, object>> = { [S in keyof LaterWords<T>]?: Partial<LaterWords<T>[S]> }

/** A language's server.ts, of its whole dictionary `T` */
export type ServerWords<T> = Pick<T, Extract<ServerSection, keyof T>>
