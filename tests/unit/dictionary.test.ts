/** The dictionary in two steps (src/dictionary.ts, locales/sections.ts; issue 12, first-load JavaScript). */
import { describe, expect, it } from 'vitest'
import { i18nObject } from '../../locales/i18n-util'
import { LATER_SECTIONS, SERVER_SECTIONS, SPLIT_SECTIONS } from '../../locales/sections'
import { loadDictionary, loadLaterWords, withLaterWords } from '../../src/dictionary'

const LANGUAGES = ['en', 'nl', 'fr'] as const

describe('the dictionary in three parts', () => {
  it('later.ts holds the later sections and the split ones; server.ts the server sections; first-load.ts every other one, and of the split ones their first-load keys', async () => {
    for (const lang of LANGUAGES) {
      const firstLoad = (await import(`../../locales/${lang}/first-load.ts`)) as { default: Record<string, Record<string, unknown>> }
      const later = (await import(`../../locales/${lang}/later.ts`)) as { default: Record<string, Record<string, unknown>> }
      const server = (await import(`../../locales/${lang}/server.ts`)) as { default: Record<string, Record<string, unknown>> }
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

  it('an LL made from the first-load words reads the later words once they are in, and empty strings before', async () => {
    await expect(loadLaterWords()).rejects.toThrow('before loadDictionary')
    await loadDictionary('fr')
    // made as the first render makes it, before the later words
    const LL = i18nObject('fr')
    expect(LL.product.sku({ sku: 'PLD-1' })).toMatch(/^Référence[ \u00a0]: PLD-1$/)
    expect(LL.checkout.title()).toBe('')
    expect(LL.account.title()).toBe('Mon compte')
    expect(LL.account.addressList()).toBe('')
    const chunk = { Page: 'the page module' }
    await expect(withLaterWords(Promise.resolve(chunk))).resolves.toBe(chunk)
    // the same LL, no new one: the sections it holds were filled in place
    expect(LL.checkout.title()).toBe('Commande')
    expect(LL.microcart.optionLine({ label: 'Couleur', value: 'Noir' })).toBe('Couleur\u00a0: Noir')
    // a split section: its first-load word from the start, its other words now, in the same LL
    expect(LL.account.title()).toBe('Mon compte')
    expect(LL.account.addressList()).not.toBe('')
    // asked for again: the same promise, nothing loaded twice
    expect(loadLaterWords()).toBe(loadLaterWords())
  })

  it('later words asked for while the first-load words are still coming are put in after them, not lost', async () => {
    // app.tsx: the dictionary and the opened page's chunk (a page with later words) load side by side
    const first = loadDictionary('nl')
    const later = loadLaterWords()
    await Promise.all([first, later])
    expect(i18nObject('nl').checkout.title()).toBe('Afrekenen')
    expect(i18nObject('nl').header.cart()).not.toBe('')
  })

  it("another store view's dictionary starts again with its own first-load words", async () => {
    await loadDictionary('nl')
    await loadLaterWords()
    await loadDictionary('en')
    const LL = i18nObject('en')
    expect(LL.microcart.title()).toBe('')
    await loadLaterWords()
    expect(LL.microcart.title()).toBe('Shopping cart')
    expect(i18nObject('nl').microcart.title()).toBe('Winkelwagen')
  })
})
