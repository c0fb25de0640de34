/** The dictionary in parts (src/dictionary.ts, locales/sections.ts): less first-load JavaScript. */
import { describe, expect, it } from 'vitest'
import { i18nObject } from '../../locales/i18n-util'
import { MESSAGE_KEYS } from '../../domain/notifications'
import { LATER_MESSAGE_PARTS, LATER_PARTS, LATER_SECTIONS, SERVER_SECTIONS, SPLIT_SECTION_NAMES, SPLIT_SECTIONS } from '../../locales/sections'
import { loadDictionary, loadLaterWords, withLaterWords } from '../../src/dictionary'
import { translateNotification } from '../../src/ui/notifications'

const LANGUAGES = ['en', 'nl', 'fr'] as const

type Words = Record<string, Record<string, unknown>>

async function laterParts(lang: string): Promise<Record<string, Words>> {
  const entries = await Promise.all(
    LATER_PARTS.map(async (part) => [part, ((await import(`../../locales/${lang}/later-${part}.ts`)) as { default: Words }).default] as const),
  )
  return Object.fromEntries(entries)
}

/** every `section.key` of some words */
const keysOf = (words: Words) => Object.entries(words).flatMap(([section, sectionWords]) => Object.keys(sectionWords).map((key) => `${section}.${key}`))

describe('the dictionary in parts', () => {
  it('later.ts holds the later sections and the split ones; server.ts the server sections; first-load.ts every other one, and of the split ones their first-load keys', async () => {
    for (const lang of LANGUAGES) {
      const firstLoad = (await import(`../../locales/${lang}/first-load.ts`)) as { default: Words }
      const later = (await import(`../../locales/${lang}/later.ts`)) as { default: Words }
      const server = (await import(`../../locales/${lang}/server.ts`)) as { default: Words }
      expect(Object.keys(later.default).sort(), lang).toEqual([...LATER_SECTIONS, ...Object.keys(SPLIT_SECTIONS)].sort())
      expect(Object.keys(server.default).sort(), lang).toEqual([...SERVER_SECTIONS].sort())
      expect(
        Object.keys(firstLoad.default).filter((key) => ([...LATER_SECTIONS, ...SERVER_SECTIONS] as readonly string[]).includes(key)),
        lang,
      ).toEqual([])
      for (const [section, keys] of Object.entries(SPLIT_SECTIONS)) {
        expect(Object.keys(firstLoad.default[section]!).sort(), `${lang} ${section}`).toEqual([...keys].sort())
        expect(
          Object.keys(later.default[section]!).filter((key) => (keys as readonly string[]).includes(key)),
          `${lang} ${section}`,
        ).toEqual([])
      }
      // the parts the sections name: the shell's and the cart's
      expect(firstLoad.default, lang).toHaveProperty('header')
      expect(later.default, lang).toHaveProperty('microcart')
    }
  })

  it('the later parts hold every later word once, and the same words in every language', async () => {
    const english = await laterParts('en')
    for (const lang of LANGUAGES) {
      const parts = await laterParts(lang)
      const later = ((await import(`../../locales/${lang}/later.ts`)) as { default: Words }).default
      const all = Object.values(parts).flatMap(keysOf)
      // once: no word in two parts (later.ts would keep one of them without a word said)
      expect(all.length, lang).toBe(new Set(all).size)
      expect(all.sort(), lang).toEqual(keysOf(later).sort())
      for (const part of LATER_PARTS) expect(keysOf(parts[part]!).sort(), `${lang} ${part}`).toEqual(keysOf(english[part]!).sort())
      // each part is one the pages load: none is empty
      for (const part of LATER_PARTS) expect(keysOf(parts[part]!).length, `${lang} ${part}`).toBeGreaterThan(0)
    }
    expect([...SPLIT_SECTION_NAMES].sort()).toEqual(Object.keys(SPLIT_SECTIONS).sort())
    // the notifications' later words are in the parts the notifications region loads for them (src/ui/notifications.tsx)
    const laterMessages = Object.values(english).flatMap((words) => Object.keys(words.messages ?? {}))
    expect(laterMessages.length).toBeGreaterThan(10)
    expect(LATER_MESSAGE_PARTS.flatMap((part) => Object.keys(english[part]!.messages ?? {})).sort()).toEqual(laterMessages.sort())
    // every message the data layer may raise is in the dictionary, on the first load or in those parts
    expect([...SPLIT_SECTIONS.messages, ...laterMessages].sort()).toEqual([...MESSAGE_KEYS].sort())
    // a section split between parts: the checkout's address fields are the account part's, its totals the totals part's
    expect(english.account!.checkout).toHaveProperty('street')
    expect(english.totals!.checkout).toHaveProperty('grandTotal')
    expect(english.checkout!.checkout).not.toHaveProperty('street')
  })

  it('an LL made from the first-load words reads the later words of the parts loaded once they are in, and empty strings before', async () => {
    await expect(loadLaterWords(['cart'])).rejects.toThrow('before loadDictionary')
    await loadDictionary('fr')
    // made as the first render makes it, before the later words
    const LL = i18nObject('fr')
    expect(LL.product.sku({ sku: 'PLD-1' })).toBe('Référence\u202f: PLD-1')
    expect(LL.checkout.title()).toBe('')
    expect(LL.account.title()).toBe('Mon compte')
    expect(LL.account.addressList()).toBe('')
    const chunk = { Page: 'the page module' }
    await expect(withLaterWords(Promise.resolve(chunk), ['account'])).resolves.toBe(chunk)
    // the same LL, no new one: the sections it holds were filled in place, with the account part's words only
    expect(LL.checkout.street()).toBe('Rue')
    expect(LL.checkout.title()).toBe('')
    expect(LL.microcart.title()).toBe('')
    // a split section: its first-load word from the start, its other words now, in the same LL
    expect(LL.account.title()).toBe('Mon compte')
    expect(LL.account.addressList()).not.toBe('')
    await withLaterWords(Promise.resolve(chunk), ['checkout', 'cart'])
    expect(LL.checkout.title()).toBe('Commande')
    expect(LL.checkout.street()).toBe('Rue')
    expect(LL.microcart.optionLine({ label: 'Couleur', value: 'Noir' })).toBe('Couleur\u202f: Noir')
  })

  it('later words asked for while the first-load words are still coming are put in after them, not lost', async () => {
    // app.tsx: the dictionary and the opened page's chunk (a page with later words) load side by side
    const first = loadDictionary('nl')
    const later = loadLaterWords(['checkout'])
    await Promise.all([first, later])
    expect(i18nObject('nl').checkout.title()).toBe('Afrekenen')
    expect(i18nObject('nl').header.cart()).not.toBe('')
  })

  it("a message whose words come later reads as empty until the notifications region has loaded LATER_MESSAGE_PARTS, then in the store view's language", async () => {
    await loadDictionary('nl')
    const LL = i18nObject('nl')
    const saved = { id: 'a', type: 'success', key: 'addressSaved' } as const
    const coupon = { id: 'b', type: 'success', key: 'couponApplied', params: { code: 'WELKOM' } } as const
    // a message any page may show is there from the first load
    expect(translateNotification(LL, { id: 'c', type: 'success', key: 'productAddedToCart' })).not.toBe('')
    // the empty text is what tells the region (src/ui/notifications.tsx) to load the parts
    expect(translateNotification(LL, saved)).toBe('')
    expect(translateNotification(LL, coupon)).toBe('')
    await loadLaterWords(LATER_MESSAGE_PARTS)
    expect(translateNotification(LL, saved)).toBe('Het adres is opgeslagen.')
    expect(translateNotification(LL, coupon)).toContain('WELKOM')
  })

  it("another store view's dictionary starts again with its own first-load words", async () => {
    await loadDictionary('nl')
    await loadLaterWords(['cart'])
    await loadDictionary('en')
    const LL = i18nObject('en')
    expect(LL.microcart.title()).toBe('')
    await loadLaterWords(['cart'])
    expect(LL.microcart.title()).toBe('Shopping cart')
    expect(i18nObject('nl').microcart.title()).toBe('Winkelwagen')
  })
})
