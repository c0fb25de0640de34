/**
 * The demo shop's own pages through the real import and the CMS extension: the fixture shop's
 * catalogue with the demo content in place of its test pages (seeding the whole demo shop is slow),
 * and the returns page answered in each store view's language with its withdrawal form.
 */
import { describe, expect, it } from 'vitest'
import type { CmsPageDoc } from '../../domain/cms.schema'
import { STORE_CODES, STORE_VIEWS } from '../../domain/store-views'
import { demoCms } from '../../server/seed/content'
import { importShop } from '../../server/services/catalog-import'
import { buildFixtureShop } from './fixtures'
import { json, startTestServer, useTestServer } from './helpers'

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code] = { ...shop.catalog[code], ...demoCms(code) }
  await importShop(s.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return s
})

const FORM_HEADING = {
  en: 'Model withdrawal form',
  nl: 'Modelformulier voor herroeping',
  be: 'Modelformulier voor herroeping',
  fr: 'Formulaire de rétractation',
}

describe('the demo shop pages through the CMS extension', () => {
  it.each(STORE_CODES)('serves the returns page with its withdrawal form in store view %s', async (code) => {
    const res = await server.app.inject({ method: 'GET', url: `/api/ext/cms/cmsPageIdentifier/returns/storeId/${STORE_VIEWS[code].storeId}` })
    expect(res.statusCode, res.body).toBe(200)
    const page = json<{ code: number; result: CmsPageDoc }>(res).result
    expect(page).toMatchObject({ identifier: 'returns', store_id: STORE_VIEWS[code].storeId, active: true })
    expect(page.content).toContain(`<h2>${FORM_HEADING[code]}</h2>`)
    expect(page.content).toContain(`href="/${code}/i/contact"`)
    const expected = demoCms(code).cms_pages.find((p) => p.identifier === 'returns')!
    expect(page.id).toBe(expected.id)
    expect(page.title).toBe(expected.title)
  })

  it('serves the footer blocks with links into the same store view', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/ext/cms/cmsBlockIdentifier/footer-legal/storeId/${STORE_VIEWS.fr.storeId}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(json<{ result: { content: string } }>(res).result.content).toContain('href="/fr/i/privacy-policy"')
  })
})
