/** Words and typography of the dictionaries as shoppers read them (issue 13, "Words"). */
import { describe, expect, it } from 'vitest'
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'
import { attributeLabel } from '../../server/seed/attributes'

loadAllLocales()

describe('dictionaries', () => {
  it('write a cart line option as each language does: French with a no-break space before the colon', () => {
    expect(i18nObject('en').microcart.optionLine({ label: 'Colour', value: 'Black' })).toBe('Colour: Black')
    expect(i18nObject('nl').microcart.optionLine({ label: 'Kleur', value: 'Zwart' })).toBe('Kleur: Zwart')
    expect(i18nObject('fr').microcart.optionLine({ label: 'Couleur', value: 'Noir' })).toBe('Couleur\u00a0: Noir')
  })

  it('put a space before every French colon of a label (Référence : …)', () => {
    expect(i18nObject('fr').product.sku({ sku: 'PLD-1' })).toMatch(/^Référence[ \u00a0]: PLD-1$/)
  })

  it('name the colour as the demo shop attribute does, so product page, cart and compare say one word', () => {
    for (const lang of ['en', 'nl', 'fr'] as const) {
      expect(attributeLabel('color', lang)).toBe(i18nObject(lang).category.color())
      expect(attributeLabel('size', lang)).toBe(i18nObject(lang).category.size())
    }
  })
})
