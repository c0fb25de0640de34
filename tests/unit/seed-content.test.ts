/**
 * The demo shop's own pages and footer blocks: the same set in every store view, HTML the
 * sanitiser keeps as written, links that lead to pages of the same store view, the withdrawal
 * form in each language, French typography, and a KBO/BCE number that passes its check.
 */
import { describe, expect, it } from 'vitest'
import { formatPrice, toCents } from '../../domain/money'
import { SHIPPING_METHODS } from '../../domain/shipping-rates'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { DEMO_COMPANY, kboCheckPasses } from '../../server/seed/content/company'
import { demoCms, demoCmsBlocks, demoCmsPages } from '../../server/seed/content'
import { validateFixtures } from '../../server/seed/fixtures'
import { sanitiseHtml } from '../../server/services/html-sanitiser'

function tagCounts(html: string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const [, tag] of html.matchAll(/<\/?([a-z][a-z0-9]*)\b/gi)) counts[tag!.toLowerCase()] = (counts[tag!.toLowerCase()] ?? 0) + 1
  return counts
}

function attributeCount(html: string): number {
  return [...html.matchAll(/\s[a-z-]+="/gi)].length
}

const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ')

const everything = (store: StoreCode): { identifier: string; title: string; content: string; meta_title?: string; meta_description?: string }[] => [
  ...demoCmsPages(store),
  ...demoCmsBlocks(store),
]

describe('the demo shop content', () => {
  it('has the pages a BE/NL shop needs', () => {
    const shape = (store: StoreCode) => ({
      pages: demoCmsPages(store).map((p) => [p.id, p.identifier]),
      blocks: demoCmsBlocks(store).map((b) => [b.id, b.identifier]),
    })
    expect(shape('en').pages.map(([, identifier]) => identifier)).toEqual(
      expect.arrayContaining(['about-us', 'contact', 'imprint', 'terms-and-conditions', 'privacy-policy', 'cookie-policy', 'shipping', 'returns', 'faq']),
    )
    for (const page of demoCmsPages('fr')) expect(page.meta_title && page.meta_description, page.identifier).toBeTruthy()
  })

  it.each(STORE_CODES)('keeps every tag and attribute through the sanitiser in store view %s', (store) => {
    for (const record of everything(store)) {
      const clean = sanitiseHtml(record.content)
      expect(tagCounts(clean), record.identifier).toEqual(tagCounts(record.content))
      expect(attributeCount(clean), record.identifier).toBe(attributeCount(record.content))
    }
  })

  it.each(STORE_CODES)('links only to pages that exist in store view %s', (store) => {
    const identifiers = new Set(demoCmsPages(store).map((p) => p.identifier))
    for (const record of everything(store)) {
      for (const [, href] of record.content.matchAll(/href="([^"]*)"/g)) {
        if (/^(?:https:|mailto:|tel:)/.test(href!)) continue
        const match = new RegExp(`^/${store}/i/([a-z0-9/_-]+)$`).exec(href!)
        expect(match, `${record.identifier}: ${href}`).not.toBeNull()
        expect(identifiers.has(match![1]!), `${record.identifier}: ${href}`).toBe(true)
      }
    }
  })

  it.each([
    ['en', 'Model withdrawal form', 'Delete as appropriate'],
    ['nl', 'Modelformulier voor herroeping', 'Doorhalen wat niet van toepassing is'],
    ['be', 'Modelformulier voor herroeping', 'Doorhalen wat niet van toepassing is'],
    ['fr', 'Formulaire de rétractation', 'Rayez la mention inutile'],
  ] as const)('puts the model withdrawal form on the returns page of store view %s', (store, heading, note) => {
    const returns = demoCmsPages(store).find((p) => p.identifier === 'returns')!
    expect(returns.content).toContain(`<h2>${heading}</h2>`)
    expect(returns.content).toContain(note)
    expect(returns.content).toContain(DEMO_COMPANY.office.street)
    expect(returns.content.match(/<th scope="row">/g)).toHaveLength(5)
  })

  it('writes a narrow no-break space before : ; ? ! in French', () => {
    for (const record of everything('fr')) {
      const texts = [record.title, textOf(record.content), record.meta_title ?? '', record.meta_description ?? '']
      for (const text of texts) {
        for (const match of text.matchAll(/[:;?!]/g)) {
          const at = match.index
          const between = /\d/.test(text[at - 1] ?? '') && /\d/.test(text[at + 1] ?? '')
          expect(between || text[at - 1] === '\u202f', `${record.identifier}: …${text.slice(Math.max(0, at - 30), at + 2)}`).toBe(true)
        }
      }
    }
  })

  it('states the shop’s own flat rate on the shipping page, written as the store view writes prices', () => {
    const rate = SHIPPING_METHODS.find((m) => m.carrier_code === 'flatrate')!.amount
    for (const store of STORE_CODES) {
      const shipping = demoCmsPages(store).find((p) => p.identifier === 'shipping')!
      expect(shipping.content, store).toContain(formatPrice(toCents(rate), STORE_VIEWS[store].i18n))
    }
  })

  it('gives the Belgian branch a KBO/BCE number that passes the mod-97 check, shown in each legal notice', () => {
    expect(DEMO_COMPANY.belgianBranch.kbo).toMatch(/^0\d{3}\.\d{3}\.\d{3}$/)
    expect(kboCheckPasses(DEMO_COMPANY.belgianBranch.kbo)).toBe(true)
    expect(kboCheckPasses('0403.019.261')).toBe(true)
    expect(kboCheckPasses('0431.150.351')).toBe(false)
    expect(DEMO_COMPANY.kvk).toMatch(/^\d{8}$/)
    for (const store of STORE_CODES) {
      const imprint = demoCmsPages(store).find((p) => p.identifier === 'imprint')!.content
      for (const value of [DEMO_COMPANY.belgianBranch.kbo, DEMO_COMPANY.kvk, DEMO_COMPANY.vatId, DEMO_COMPANY.legalName])
        expect(imprint, store).toContain(value)
    }
  })

  it('passes the fixture checks as a fixture file would carry it', () => {
    const catalog = Object.fromEntries(STORE_CODES.map((store) => [store, { products: [], ...demoCms(store) }]))
    const shop = validateFixtures(JSON.parse(JSON.stringify({ catalog })), 'demo-content.json')
    expect(shop.catalog.fr.cms_pages).toHaveLength(demoCmsPages('fr').length)
    expect(shop.catalog.be.cms_blocks).toHaveLength(demoCmsBlocks('be').length)
  })
})
