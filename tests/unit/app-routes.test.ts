/**
 * domain/app-routes: the server's table of the app's pages stays in step with the router. Every
 * path the router declares (read from src/router.tsx) is classified as a page, never left to the
 * URL dispatcher, whose unknown paths the server answers 404.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { classifyAppPath, pathInOtherStoreView } from '../../domain/app-routes'

const routerSource = readFileSync(resolve(__dirname, '../../src/router.tsx'), 'utf8')
const routerPaths = [...routerSource.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '$')

describe('classifyAppPath', () => {
  it('knows every page the router declares', () => {
    expect(routerPaths.length).toBeGreaterThan(25)
    for (const path of routerPaths) {
      const sample = path.replace(/^\//, '').replace(/\$[A-Za-z]+/g, 'x-1')
      expect(classifyAppPath(sample).kind, path).not.toBe('dispatcher')
    }
  })

  it('splits product and category addresses', () => {
    expect(classifyAppPath('p/TEE/tee-100')).toEqual({ kind: 'product', sku: 'TEE', slug: 'tee-100' })
    expect(classifyAppPath('p/TEE/tee-100/TEE-RED-S')).toEqual({ kind: 'product', sku: 'TEE', slug: 'tee-100', childSku: 'TEE-RED-S' })
    expect(classifyAppPath('c/jassen-10')).toEqual({ kind: 'category', slug: 'jassen-10', id: 10 })
    expect(classifyAppPath('c/sale')).toEqual({ kind: 'category', slug: 'sale' })
    expect(classifyAppPath('')).toEqual({ kind: 'home' })
  })

  it("takes a CMS page's identifier with slashes (a child page) as the CMS page route", () => {
    expect(classifyAppPath('i/customer-service/gift-wrapping').kind).toBe('fixed')
    expect(classifyAppPath('i/a/b/c').kind).toBe('fixed')
    expect(pathInOtherStoreView('i/customer-service/gift-wrapping')).toBe('')
  })

  it('leaves anything else to the URL dispatcher', () => {
    for (const path of ['does-not-exist', 'i', 'i/a//b', 'women/tops.html', 'p/TEE', 'p/TEE/a/b/c', 'c/a/b', 'search', 'my-account/unknown']) {
      expect(classifyAppPath(path).kind, path).toBe('dispatcher')
    }
  })
})

describe('pathInOtherStoreView (the store switcher keeps the page)', () => {
  it('keeps products and categories with their query (the server redirects to the other slug)', () => {
    expect(pathInOtherStoreView('p/PLD-00001/katoenen-polo-1')).toBe('p/PLD-00001/katoenen-polo-1')
    expect(pathInOtherStoreView('p/TEE/tee/TEE-RED-S')).toBe('p/TEE/tee/TEE-RED-S')
    expect(pathInOtherStoreView('c/jassen-10', '?color=49')).toBe('c/jassen-10?color=49')
  })

  it('keeps searches, lists, cart and account pages', () => {
    expect(pathInOtherStoreView('search/cotton', '?sort=price_asc')).toBe('search/cotton?sort=price_asc')
    expect(pathInOtherStoreView('wishlist')).toBe('wishlist')
    expect(pathInOtherStoreView('checkout/cart')).toBe('checkout/cart')
    expect(pathInOtherStoreView('my-account/orders')).toBe('my-account/orders')
  })

  it('leads home from pages whose slugs are per language, and from home', () => {
    expect(pathInOtherStoreView('i/over-ons')).toBe('')
    expect(pathInOtherStoreView('blog/een-bericht')).toBe('')
    expect(pathInOtherStoreView('auth/callback/google')).toBe('')
    expect(pathInOtherStoreView('kleding/jassen.html')).toBe('')
    expect(pathInOtherStoreView('')).toBe('')
  })
})
