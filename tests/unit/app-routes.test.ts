/**
 * domain/app-routes: the server's table of the app's pages stays in step with the router. Every
 * path the router declares (read from src/router.tsx) is classified as a page, never left to the
 * URL dispatcher, whose unknown paths the server answers 404.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { classifyAppPath } from '../../domain/app-routes'

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

  it('leaves anything else to the URL dispatcher', () => {
    for (const path of ['does-not-exist', 'women/tops.html', 'p/TEE', 'p/TEE/a/b/c', 'c/a/b', 'search', 'my-account/unknown']) {
      expect(classifyAppPath(path).kind, path).toBe('dispatcher')
    }
  })
})
