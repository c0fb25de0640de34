/**
 * The dictionary in three parts (issue 12: first-load JavaScript). A page load's first render needs
 * the words of the shell, the catalogue and the product: locales/<lang>/first-load.ts. The words of
 * LATER_SECTIONS (the cart, the checkout, the account's forms, the legal and status pages) are in
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
  'legal',
  'statusPages',
  'createPassword',
  'socialLogin',
  'validation',
  'vatCheck',
  'privacyPages',
] as const

export type LaterSection = (typeof LATER_SECTIONS)[number]

/**
 * The words only the server uses: the page heads it writes (server/services/page-head-words.ts),
 * the mails it sends (server/mail), and the sandbox payment page and the payment methods' names
 * (server/payments/payment-words.ts).
 */
export const SERVER_SECTIONS = ['seo', 'orderMail', 'accountMail', 'newsletterMail', 'payment'] as const

export type ServerSection = (typeof SERVER_SECTIONS)[number]

/**
 * Sections split between the two parts: these keys are first-load words (the header's and the
 * footer's account links, the offline orders' dialog), the section's other words come later.
 */
export const SPLIT_SECTIONS = {
  account: ['title', 'signIn', 'accountOf', 'recentlyViewed'],
  orders: ['offlineConfirmTitle', 'offlineConfirmText', 'offlineConfirmOrder', 'offlineConfirmSend', 'offlineConfirmCancel'],
} as const

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

/** A language's server.ts, of its whole dictionary `T` */
export type ServerWords<T> = Pick<T, Extract<ServerSection, keyof T>>
