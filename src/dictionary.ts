/**
 * The store view's dictionary, in two steps, to keep the first-load JavaScript small (locales/sections.ts):
 * `loadDictionary` before the first render (locales/<lang>/first-load.ts, with the split section's
 * first-load keys, and an empty object standing in for each later section), then `loadLaterWords`
 * before a page or panel that shows later words (src/router.tsx, the lazy panels), filling those
 * objects in place with the parts it names, each once.
 * The server's own words (locales/<lang>/server.ts) are never loaded here.
 *
 * In place, because typesafe-i18n's `LL` copies the dictionary's top-level entries when it is made
 * and reads inside a section only when a word is asked for: a filled section answers every later
 * render without a new `LL`. A word asked for before its section is in reads as "", never an error.
 */
import type { Locales, Translations } from '../locales/i18n-types'
import { loadedFormatters, loadedLocales } from '../locales/i18n-util'
import { initFormatters } from '../locales/formatters'
import { LATER_SECTIONS, SPLIT_SECTION_NAMES, type LaterPart } from '../locales/sections'

type PartsTable = Record<LaterPart, () => Promise<{ default: object }>>

const FIRST_LOAD: Record<Locales, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en/first-load'),
  fr: () => import('../locales/fr/first-load'),
  nl: () => import('../locales/nl/first-load'),
}

/**
 * A language's table of its later parts (locales/<lang>/later-parts.ts): a chunk of its own, not in
 * the first-load words' chunk, which every page loads: the first page that shows later
 * words fetches it beside its own chunk, then the parts. After a first load the offline warm-up
 * brings it in with the cart page (src/app.tsx).
 */
const LATER_PARTS_TABLE: Record<Locales, () => Promise<{ default: PartsTable }>> = {
  en: () => import('../locales/en/later-parts'),
  fr: () => import('../locales/fr/later-parts'),
  nl: () => import('../locales/nl/later-parts'),
}

/** The store view's dictionary: its first-load words being put in, and its later words once asked for. */
let dictionary: { locale: Locales; installed: Promise<void>; parts?: Promise<PartsTable>; later: Partial<Record<LaterPart, Promise<void>>> } | undefined

/**
 * The first render's words of `locale` (the store view's dictionary), and its formatters. The app
 * loads them beside the opened page's chunk, which may ask for the later words at the same time.
 */
export function loadDictionary(locale: Locales): Promise<void> {
  const loading = FIRST_LOAD[locale]()
  const installed = loading.then(({ default: words }) => {
    const sections = Object.fromEntries(LATER_SECTIONS.map((section) => [section, {}]))
    // a split section's object is the dictionary's own: the later words go into a copy, not into the module's
    const split = Object.fromEntries(SPLIT_SECTION_NAMES.map((section) => [section, { ...(words as Record<string, object>)[section] }]))
    loadedLocales[locale] = { ...words, ...sections, ...split } as unknown as Translations
    // what the generated loadFormatters does; its modules (locales/i18n-util.sync and .async) would
    // import the whole dictionaries, the very thing these two parts replace
    loadedFormatters[locale] = initFormatters(locale)
  })
  dictionary = { locale, installed, later: {} }
  return installed
}

/**
 * The later words of `parts` (locales/sections.ts LATER_PARTS) of the loaded dictionary, each part
 * asked for once: fetched beside the first-load words, put in after them (a failed load is asked
 * for again next time: offline, before the service worker holds the file).
 */
export function loadLaterWords(parts: readonly LaterPart[]): Promise<void> {
  const current = dictionary
  if (!current) return Promise.reject(new Error('loadLaterWords before loadDictionary'))
  return Promise.all(parts.map((part) => loadPart(current, part))).then(() => undefined)
}

/** The loaded dictionary's later parts' table, asked for once (again after a failed fetch). */
function laterPartsTable(current: NonNullable<typeof dictionary>): Promise<PartsTable> {
  current.parts ??= LATER_PARTS_TABLE[current.locale]().then(
    ({ default: table }) => table,
    (error: unknown) => {
      current.parts = undefined
      throw error
    },
  )
  return current.parts
}

function loadPart(current: NonNullable<typeof dictionary>, part: LaterPart): Promise<void> {
  current.later[part] ??= Promise.all([laterPartsTable(current).then((parts) => parts[part]()), current.installed]).then(
    ([{ default: words }]) => {
      const sections = loadedLocales[current.locale] as unknown as Record<string, Record<string, unknown>>
      for (const [section, sectionWords] of Object.entries(words as Record<string, Record<string, unknown>>)) {
        Object.assign((sections[section] ??= {}), sectionWords)
      }
    },
    (error: unknown) => {
      current.later[part] = undefined
      throw error
    },
  )
  return current.later[part]
}

/** `chunk` (a page's or a panel's module) once it and the later words of `parts`, the ones it shows, are in. */
export async function withLaterWords<T>(chunk: Promise<T>, parts: readonly LaterPart[]): Promise<T> {
  const [module] = await Promise.all([chunk, loadLaterWords(parts)])
  return module
}
