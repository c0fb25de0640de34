/** Words and typography of the dictionaries as shoppers read them. */
import { describe, expect, it } from 'vitest'
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'
import fr from '../../locales/fr'
import frServer from '../../locales/fr/server'
import { attributeLabel } from '../../server/seed/attributes'

loadAllLocales()

function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value])
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, out)
  return out
}

describe('dictionaries', () => {
  it('write a cart line option as each language does: French with a narrow no-break space before the colon', () => {
    expect(i18nObject('en').microcart.optionLine({ label: 'Colour', value: 'Black' })).toBe('Colour: Black')
    expect(i18nObject('nl').microcart.optionLine({ label: 'Kleur', value: 'Zwart' })).toBe('Kleur: Zwart')
    expect(i18nObject('fr').microcart.optionLine({ label: 'Couleur', value: 'Noir' })).toBe('Couleur\u202f: Noir')
  })

  it('put a narrow no-break space before every French colon, semicolon, question and exclamation mark, mails included', () => {
    expect(i18nObject('fr').product.sku({ sku: 'PLD-1' })).toBe('Référence\u202f: PLD-1')
    const all = [...strings(fr, 'fr'), ...strings(frServer, 'fr(server)')]
    expect(all.length).toBeGreaterThan(300)
    // a clause-ending mark (followed by a space or the end), not a URL's or a time's colon
    const wrong = all.filter(([, text]) => /(?:^|[^\u202f])[:;?!](?=\s|$)/.test(text.replace(/https?:\/\/\S+/g, '')))
    expect(wrong).toEqual([])
  })

  it('name the colour as the demo shop attribute does, so product page, cart and compare say one word', () => {
    for (const lang of ['en', 'nl', 'fr'] as const) {
      expect(attributeLabel('color', lang)).toBe(i18nObject(lang).category.color())
      expect(attributeLabel('size', lang)).toBe(i18nObject(lang).category.size())
    }
  })
})
