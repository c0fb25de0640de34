/**
 * A CMS page's addresses on the real app and storage: an identifier with slashes (a child page
 * under its parent, `customer-service/gift-wrapping`) opens at /i/{identifier} as a page load, in
 * the CMS extension, the url map and the data worker (online, then offline from what it kept);
 * the legacy Magento address `cms/page/view/page_id/{n}` is a 301 to the page's /i/ address in the
 * same store view, and a 404 for an unknown or inactive page.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UrlMapHit } from '../../domain/api/url.schema'
import type { CmsPage } from '../../domain/cms.schema'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import type { CmsPageView } from '../../workers/contract/content'
import { DataService } from '../../workers/data-service'
import { withDevMode } from '../../workers/db/dev-storage'
import { waitFor } from '../unit/worker-harness'
import { ABOUT_ID, DRAFT_ID } from './cms-fixtures'
import { buildFixtureShop } from './fixtures'
import { json, startTestServer, useTestServer } from './helpers'

const CHILD_ID = 30
const CHILD = 'customer-service/gift-wrapping'
const CHILD_TITLES: Record<StoreCode, string> = { en: 'Gift wrapping', nl: 'Cadeauverpakking', be: 'Cadeauverpakking', fr: 'Emballage cadeau' }
const childPage = (code: StoreCode): CmsPage => ({
  id: CHILD_ID,
  identifier: CHILD,
  title: CHILD_TITLES[code],
  content: `<p>${CHILD_TITLES[code]} (${code})</p>`,
  active: true,
})

const dist = mkdtempSync(join(tmpdir(), 'polder-cms-paths-'))
writeFileSync(join(dist, 'index.html'), readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8'))

const server = useTestServer(async () => {
  const started = await startTestServer({ distDir: dist, seed: false, listen: true })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code].cms_pages!.push(childPage(code))
  await importShop(started.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return started
})

const get = (url: string, host = 'localhost') => server.app.inject({ method: 'GET', url, headers: { host } })
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html.slice(0, html.indexOf('</head>')))?.[1]

describe('a CMS page whose identifier holds a slash', () => {
  it.each(STORE_CODES)('in %s: a page load of /i/{identifier} is the page (200), with its own canonical address', async (code) => {
    const res = await get(`/${code}/i/${CHILD}`)
    expect(res.statusCode).toBe(200)
    expect(canonical(res.body)).toBe(`http://localhost/${code}/i/${CHILD}`)
    expect(res.body).toContain(`<title>${CHILD_TITLES[code]}`)
  })

  it('is a 404 for a child path the shop does not have, and on the French host without a prefix the page is there', async () => {
    expect((await get('/en/i/customer-service/no-such-page')).statusCode).toBe(404)
    expect((await get('/en/i/customer-service')).statusCode).toBe(404)
    expect((await get(`/i/${CHILD}`, 'fr.localhost:3000')).statusCode).toBe(200)
  })

  it('answers in the CMS extension by identifier (its slash encoded in the path) and in the url map', async () => {
    const res = await get(`/api/ext/cms-data/cmsPageIdentifier/${encodeURIComponent(CHILD)}/storeId/${STORE_VIEWS.nl.storeId}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(json<{ result: { id: number; identifier: string } }>(res).result).toMatchObject({ id: CHILD_ID, identifier: CHILD })
    const map = await server.app.inject({ method: 'POST', url: '/api/url/map?storeCode=nl', payload: { url: CHILD } })
    expect(json<UrlMapHit>(map)).toMatchObject({ _type: 'cms_page', _id: String(CHILD_ID) })
  })

  describe('in the data worker', () => {
    let service: DataService
    beforeAll(async () => {
      service = new DataService({
        fetch: (url, init) => fetch(url, init),
        storage: getRxStorageMemory(),
        wrapStorage: withDevMode,
        databaseName: `polder-cms-paths-${Date.now()}`,
        initialOnline: true,
      })
      await service.init({ storeCode: 'nl', apiBaseUrl: server.baseUrl, replicationMode: 'shopper' })
    })
    afterAll(async () => {
      await service?.close()
    })

    const watch = async (identifier: string) => {
      let view: CmsPageView | undefined
      const stop = await service.subscribeCmsPage(identifier, (v) => {
        view = v
      })
      return { read: () => view, stop }
    }

    it('opens the page online and keeps it: offline it reads from this device', async () => {
      const online = await watch(CHILD)
      const ready = await waitFor(online.read, (v) => v.state !== 'loading', 20_000)
      expect(ready.state).toBe('ready')
      expect(ready.page).toMatchObject({ identifier: CHILD, title: 'Cadeauverpakking' })
      expect(ready.page!.content).toContain('Cadeauverpakking (nl)')
      await online.stop()

      await service.setOnline(false)
      try {
        const offline = await watch(CHILD)
        const kept = await waitFor(offline.read, (v) => v.state !== 'loading')
        expect([kept.state, kept.page?.identifier]).toEqual(['ready', CHILD])
        await offline.stop()
      } finally {
        await service.setOnline(true)
      }
    })

    it('the dispatcher sends a legacy address of the page to /i/ with the slash kept as a path separator', async () => {
      expect(await service.resolveUrl(`/nl/cms/page/view/page_id/${CHILD_ID}`)).toEqual({ kind: 'cms_page', to: `/i/${CHILD}`, redirect: 301 })
    })
  })
})

describe("a CMS page's legacy Magento address", () => {
  it.each(STORE_CODES)("in %s: cms/page/view/page_id/{n} is a 301 to the page's /i/ address in the same store view", async (code) => {
    const about = await get(`/${code}/cms/page/view/page_id/${ABOUT_ID}`)
    expect([about.statusCode, about.headers.location]).toEqual([301, `/${code}/i/about-us`])
    const child = await get(`/${code}/cms/page/view/page_id/${CHILD_ID}?utm_source=mail`)
    expect([child.statusCode, child.headers.location]).toEqual([301, `/${code}/i/${CHILD}?utm_source=mail`])
  })

  it('is a 301 on the French host without a prefix too', async () => {
    const res = await get(`/cms/page/view/page_id/${ABOUT_ID}`, 'fr.localhost:3000')
    expect([res.statusCode, res.headers.location]).toEqual([301, '/i/about-us'])
  })

  it('is a 404 for an unknown or inactive page', async () => {
    for (const id of [DRAFT_ID, 999]) {
      const res = await get(`/en/cms/page/view/page_id/${id}`)
      expect([res.statusCode, res.headers.location], String(id)).toEqual([404, undefined])
    }
  })
})
