/** The shop's CMS content the app names by itself (no schema: the UI imports these at run time). */

/** The identifiers of the shop's pages the app links to (the checkout's terms and privacy links). */
export const LINKED_PAGES = { terms: 'terms-and-conditions', privacy: 'privacy-policy' } as const

/** The blocks the footer shows, in its order. */
export const FOOTER_BLOCKS = ['footer-customer-service', 'footer-legal', 'footer-about'] as const

/** The blocks the home page shows under its banners, in its order. */
export const HOME_BLOCKS = ['home-intro'] as const
