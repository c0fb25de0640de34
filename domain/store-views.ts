/**
 * The four store views of the shop (DESIGN.md, "Store views"). Each has its own catalogue index,
 * local database, language dictionary, default country and price formatting. This is plain data:
 * client and server read it, nobody mutates it.
 */
export const STORE_CODES = ['en', 'nl', 'be', 'fr'] as const
export type StoreCode = (typeof STORE_CODES)[number]

export const COUNTRIES = ['BE', 'NL'] as const
export type Country = (typeof COUNTRIES)[number]

export type Dictionary = 'en' | 'nl' | 'fr'

/** The spec's formatting settings ("formatted without i18n"). */
export interface FormattingSettings {
  defaultLocale: string
  currencyCode: 'EUR'
  currencySign: string
  currencyDecimal: string
  currencyGroup: string
  fractionDigits: number
  /** `{sign}` and `{amount}` placeholders, e.g. `{amount} {sign}` */
  priceFormat: string
  /** replaces ",00" when set (e.g. ",-"); empty keeps the zeroes */
  trailingZeroesReplacement: string
  /** HH:mm D-M-YYYY */
  dateFormat: string
}

export interface StoreView {
  storeCode: StoreCode
  storeId: number
  name: string
  /** path prefix; the French store view also answers without a prefix on its own host */
  url: `/${StoreCode}`
  /** html lang attribute */
  htmlLang: string
  dictionary: Dictionary
  i18n: FormattingSettings & { defaultCountry: Country }
  tax: { defaultCountry: Country; sourcePriceIncludesTax: boolean; finalPriceIncludesTax: boolean }
  /** the catalogue index name, as in /api/catalog/{index}/{type}/_search */
  index: string
  seo: { defaultTitle: string }
}

const NBSP = '\u00a0'
const NNBSP = '\u202f'

const base = {
  currencyCode: 'EUR' as const,
  currencySign: '€',
  fractionDigits: 2,
  trailingZeroesReplacement: '',
  dateFormat: 'HH:mm D-M-YYYY',
}

export const STORE_VIEWS: Readonly<Record<StoreCode, StoreView>> = {
  en: {
    storeCode: 'en',
    storeId: 1,
    name: 'English',
    url: '/en',
    htmlLang: 'en',
    dictionary: 'en',
    i18n: { ...base, defaultLocale: 'en-US', currencyDecimal: '.', currencyGroup: ',', priceFormat: '{sign}{amount}', defaultCountry: 'NL' },
    tax: { defaultCountry: 'NL', sourcePriceIncludesTax: false, finalPriceIncludesTax: true },
    index: 'polder_en',
    seo: { defaultTitle: 'Polder' },
  },
  nl: {
    storeCode: 'nl',
    storeId: 2,
    name: 'Nederlands',
    url: '/nl',
    htmlLang: 'nl-NL',
    dictionary: 'nl',
    i18n: { ...base, defaultLocale: 'nl-NL', currencyDecimal: ',', currencyGroup: '.', priceFormat: `{sign}${NBSP}{amount}`, defaultCountry: 'NL' },
    tax: { defaultCountry: 'NL', sourcePriceIncludesTax: false, finalPriceIncludesTax: true },
    index: 'polder_nl',
    seo: { defaultTitle: 'Polder' },
  },
  be: {
    storeCode: 'be',
    storeId: 3,
    name: 'België (Nederlands)',
    url: '/be',
    htmlLang: 'nl-BE',
    dictionary: 'nl',
    i18n: { ...base, defaultLocale: 'nl-BE', currencyDecimal: ',', currencyGroup: '.', priceFormat: `{sign}${NBSP}{amount}`, defaultCountry: 'BE' },
    tax: { defaultCountry: 'BE', sourcePriceIncludesTax: false, finalPriceIncludesTax: true },
    index: 'polder_be',
    seo: { defaultTitle: 'Polder' },
  },
  fr: {
    storeCode: 'fr',
    storeId: 4,
    name: 'Français',
    url: '/fr',
    htmlLang: 'fr-BE',
    dictionary: 'fr',
    i18n: { ...base, defaultLocale: 'fr-FR', currencyDecimal: ',', currencyGroup: NNBSP, priceFormat: `{amount}${NBSP}{sign}`, defaultCountry: 'BE' },
    tax: { defaultCountry: 'BE', sourcePriceIncludesTax: false, finalPriceIncludesTax: true },
    index: 'polder_fr',
    seo: { defaultTitle: 'Polder' },
  },
}

export const DEFAULT_STORE_CODE: StoreCode = 'en'
/** Hosts (without port) that serve the French store view without a prefix. */
export const FRENCH_HOST_PREFIX = 'fr.'

export function isStoreCode(value: unknown): value is StoreCode {
  return typeof value === 'string' && (STORE_CODES as readonly string[]).includes(value)
}

export function storeViewByIndex(index: string): StoreView | undefined {
  return Object.values(STORE_VIEWS).find((v) => v.index === index)
}

/** The store view of the contract's numeric `storeId` (url and CMS calls name the store so). */
export function storeViewById(storeId: number): StoreView | undefined {
  return Object.values(STORE_VIEWS).find((v) => v.storeId === storeId)
}

/**
 * Which store view a request or a page load belongs to: the French host serves `fr` with no
 * prefix; elsewhere the first path segment names the store view. `basePath` is the prefix that
 * routes sit under ('' on the French host).
 */
export function resolveStoreView(host: string, pathname: string): { storeView: StoreView; basePath: string } | null {
  const hostname = host.split(':')[0]!.toLowerCase()
  if (hostname.startsWith(FRENCH_HOST_PREFIX)) return { storeView: STORE_VIEWS.fr, basePath: '' }
  const first = pathname.split('/').filter(Boolean)[0]
  if (isStoreCode(first)) return { storeView: STORE_VIEWS[first], basePath: `/${first}` }
  return null
}

/** The shop's clock: Belgium and the Netherlands share it (a mail's order time, a gift card's delivery day). */
export const SHOP_TIME_ZONE = 'Europe/Brussels'
