/**
 * A page load answers what the catalogue has. Unknown addresses get the app's HTML with
 * 404 (no soft 404s), an old or wrong slug 301 to the canonical address, and every page the app has
 * 200; a legacy Magento address 301s to the app's own. Real server, real storage, a stand-in dist folder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLOTHING } from './fixtures'
import { useTestServer } from './helpers'

const dist = mkdtempSync(join(tmpdir(), 'polder-pages-'))
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polder</title>')

const server = useTestServer({ distDir: dist })
const get = (url: string, host = 'localhost') => server.app.inject({ method: 'GET', url, headers: { host } })

describe('page loads answer what the catalogue has', () => {
  it.each([
    '/en/does-not-exist',
    '/en/p/PLD-99999/nope',
    '/nl/p/NOPE/x/NOPE-CHILD',
    '/en/c/nothing-here',
    '/en/c/gone-99999',
    '/en/no/such/deep/path.html',
    '/en/i/no-such-page',
    '/en/i/draft',
    '/en/blog/a-post',
    '/en/blog/category/no-such-category',
  ])('%s is a 404 that still carries the app (it shows its not-found page)', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<title>Polder</title>')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('answers 404 on the French host without a prefix too', async () => {
    expect((await get('/does-not-exist', 'fr.localhost:3000')).statusCode).toBe(404)
    expect((await get('/p/TEE/tee-100', 'fr.localhost:3000')).statusCode).toBe(200)
  })

  it("redirects a product's wrong slug to its canonical address, keeping a real child and the query", async () => {
    const wrong = await get('/nl/p/TEE/x')
    expect([wrong.statusCode, wrong.headers.location]).toEqual([301, '/nl/p/TEE/tee-100'])
    const withChild = await get('/en/p/TEE/old-name/TEE-RED-S?utm_source=mail')
    expect([withChild.statusCode, withChild.headers.location]).toEqual([301, '/en/p/TEE/tee-100/TEE-RED-S?utm_source=mail'])
    // a child the product does not have is dropped: the product itself is there
    const badChild = await get('/en/p/TEE/tee-100/NOT-A-CHILD')
    expect([badChild.statusCode, badChild.headers.location]).toEqual([301, '/en/p/TEE/tee-100'])
    expect((await get('/p/JACKET/veste', 'fr.localhost:3000')).headers.location).toBe('/p/JACKET/jacket-300')
  })

  it("redirects a category's old slug (its id still there) to the current one", async () => {
    const res = await get(`/en/c/old-clothing-name-${CLOTHING}`)
    expect([res.statusCode, res.headers.location]).toEqual([301, '/en/c/clothing'])
  })

  it("moves a legacy Magento product or category address for good to the app's /p/ or /c/ address, keeping a configurable child and the query", async () => {
    const jacket = await get('/en/catalog/product/view/id/300')
    expect([jacket.statusCode, jacket.headers.location]).toEqual([301, '/en/p/JACKET/jacket-300'])
    const child = await get('/nl/catalog/product/view/id/102?utm_source=mail')
    expect([child.statusCode, child.headers.location]).toEqual([301, '/nl/p/TEE/tee-100/TEE-RED-M?utm_source=mail'])
    const food = await get('/en/catalog/category/view/id/21')
    expect([food.statusCode, food.headers.location]).toEqual([301, '/en/c/food'])
    const fr = await get(`/catalog/category/view/id/${CLOTHING}`, 'fr.localhost:3000')
    expect(fr.statusCode).toBe(301)
    expect(fr.headers.location).toMatch(/^\/c\/[\w-]+$/)
    expect((await get('/en/catalog/product/view/id/999999')).statusCode).toBe(404)
  })

  it.each([
    '/en/',
    '/en/c/clothing',
    '/en/p/TEE/tee-100',
    '/en/p/TEE/tee-100/TEE-BLUE-M',
    '/en/p/JACKET/jacket-300',
    '/en/tee-100.html',
    '/en/search/anything at all',
    '/en/compare',
    '/en/wishlist',
    '/en/checkout',
    '/en/checkout/cart',
    '/en/my-account/orders/42',
    '/en/i/about-us',
    '/en/blog',
    '/en/create-password/token/abc/email/a@b.c',
    '/en/auth/callback/google',
  ])('%s is a page (200)', async (url) => {
    const res = await get(url)
    expect(res.statusCode, res.headers.location as string | undefined).toBe(200)
  })
})
