/**
 * Spec §2/§4: a configurable child opened directly by a full page load answers 301 to its parent
 * (child chosen) when direct access is prevented (the default); every other app path still gets
 * the SPA. Real server, real storage, a stand-in dist folder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createUrlService } from '../../server/services/url-service'
import { useTestServer } from './helpers'

const dist = mkdtempSync(join(tmpdir(), 'polder-dist-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polder</title>')

const server = useTestServer({ distDir: dist })

const get = (url: string, host = 'localhost') => server.app.inject({ method: 'GET', url, headers: { host } })

describe('configurable child opened directly', () => {
  it("answers 301 from the child's sku in the product route to the parent with the child chosen", async () => {
    const res = await get('/en/p/TEE-RED-S/bicycle-tee-red-s')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/en/p/TEE/tee-100/TEE-RED-S')
    const nl = await get('/nl/p/TEE-BLUE-M/whatever')
    expect([nl.statusCode, nl.headers.location]).toEqual([301, '/nl/p/TEE/tee-100/TEE-BLUE-M'])
  })

  it("answers 301 from a rewrite of the child's (here its legacy Magento url) straight to the parent's /p/ address with the child chosen, keeping the query", async () => {
    const res = await get('/en/catalog/product/view/id/103')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/en/p/TEE/tee-100/TEE-BLUE-S')
    const tagged = await get('/nl/catalog/product/view/id/103?utm_source=mail&utm_medium=email')
    expect([tagged.statusCode, tagged.headers.location]).toEqual([301, '/nl/p/TEE/tee-100/TEE-BLUE-S?utm_source=mail&utm_medium=email'])
  })

  it('on the French host, without a prefix', async () => {
    const res = await get('/p/TEE-RED-M/t-shirt', 'fr.localhost:3000')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/p/TEE/tee-100/TEE-RED-M')
  })

  it('serves the app for the parent, a chosen child, a simple product and other pages (unknown skus: page-status.test.ts)', async () => {
    for (const url of ['/en/p/TEE/tee-100', '/en/p/TEE/tee-100/TEE-RED-S', '/en/p/JACKET/jacket-300', '/en/checkout', '/en/tee-100.html', '/en/']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toContain('text/html')
    }
  })

  it('lets the child through when direct access is allowed', async () => {
    const allowed = createUrlService(server.storage, { preventChildDirectAccess: false })
    expect(await allowed.childRedirect('en', 'p/TEE-RED-S/x')).toBeNull()
    expect(await allowed.childRedirect('en', 'catalog/product/view/id/103')).toBeNull()
    const prevented = createUrlService(server.storage)
    expect(await prevented.childRedirect('en', 'p/TEE-RED-S/x')).toBe('/p/TEE/tee-100/TEE-RED-S')
    expect(await prevented.childRedirect('en', 'catalog/product/view/id/103')).toBe('/p/TEE/tee-100/TEE-BLUE-S')
  })
})
