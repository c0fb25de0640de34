/**
 * The store view's dictionary, in two steps (issue 12: first-load JavaScript; locales/sections.ts).
 *
 * - `loadDictionary` before the first render: the words of the shell, the catalogue and the product
 *   (locales/<lang>/first-load.ts), with an empty object standing in for each later section (and
 *   the first-load keys of the split sections, the account's and the orders').
 * - `loadLaterWords` before a page or panel that shows the cart's, the checkout's, the account
 *   forms' or the legal and status pages' words (src/router.tsx, the lazy panels): it fills those
 *   objects in place.
 *
 * The server's own words (locales/<lang>/server.ts: mails, page heads, the sandbox payment page) are
 * never loaded here.
 *
 * In place, because typesafe-i18n's `LL` copies the dictionary's top-level entries when it is made
 * (at the first render) and reads inside a section only when a word is asked for: a section object
 * it holds, once filled, answers every later render without a new `LL`. A word asked for before its
 * section is in reads as an empty string, never an error.
 */
import type { Locales, Translations } from '../locales/i18n-types'
import { loadedFormatters, loadedLocales } from '../locales/i18n-util'
import { initFormatters } from '../locales/formatters'
import { LATER_SECTIONS, SPLIT_SECTIONS } from '../locales/sections'

const FIRST_LOAD: Record<Locales, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en/first-load'),
  fr: () => import('../locales/fr/first-load'),
  nl: () => import('../locales/nl/first-load'),
}

const LATER: Record<Locales, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en/later'),
  fr: () => import('../locales/fr/later'),
  nl: () => import('../locales/nl/later'),
}

/** The store view's dictionary: its first-load words being put in, and its later words once asked for. */
let dictionary: { locale: Locales; installed: Promise<void>; later?: Promise<void> } | undefined

/**
 * The first render's words of `locale` (the store view's dictionary), and its formatters. The app
 * loads them beside the opened page's chunk, which may ask for the later words at the same time.
 */
export function loadDictionary(locale: Locales): Promise<void> {
  const installed = FIRST_LOAD[locale]().then(({ default: words }) => {
    const sections = Object.fromEntries(LATER_SECTIONS.map((section) => [section, {}]))
    // a split section's object is the dictionary's own: the later words go into a copy, not into the module's
    const split = Object.fromEntries(Object.keys(SPLIT_SECTIONS).map((section) => [section, { ...(words as Record<string, object>)[section] }]))
    loadedLocales[locale] = { ...words, ...sections, ...split } as unknown as Translations
    // what the generated loadFormatters does; its modules (locales/i18n-util.sync and .async) would
    // import the whole dictionaries, the very thing these two parts replace
    loadedFormatters[locale] = initFormatters(locale)
  })
  dictionary = { locale, installed }
  return installed
}

/**
 * The later sections' words of the loaded dictionary, asked for once: fetched beside the first-load
 * words, put in after them (a failed load is asked for again next time: offline, before the service
 * worker holds the file).
 */
export function loadLaterWords(): Promise<void> {
  const current = dictionary
  if (!current) return Promise.reject(new Error('loadLaterWords before loadDictionary'))
  current.later ??= Promise.all([LATER[current.locale](), current.installed]).then(
    ([{ default: words }]) => {
      const sections = loadedLocales[current.locale] as unknown as Record<string, Record<string, unknown>>
      for (const [section, sectionWords] of Object.entries(words as Record<string, Record<string, unknown>>)) {
        Object.assign((sections[section] ??= {}), sectionWords)
      }
    },
    (error: unknown) => {
      current.later = undefined
      throw error
    },
  )
  return current.later
}

/** `chunk` (a page's or a panel's module) once it and the later words are in. */
export async function withLaterWords<T>(chunk: Promise<T>): Promise<T> {
  const [module] = await Promise.all([chunk, loadLaterWords()])
  return module
}
