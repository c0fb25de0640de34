/** Link building per spec §2 "Route naming and link building": every branch of the pure helpers. */
import { describe, expect, it } from 'vitest'
import {
  categorySlug,
  formatCategoryLink,
  formatFilterAttribute,
  formatProductLink,
  matchesFilterAttribute,
  parseFilterAttribute,
  productRouteName,
} from '../../domain/url'

const on = { useUrlDispatcher: true }
const off = { useUrlDispatcher: false }

const simple = { sku: 'PLD-00002', type_id: 'simple', slug: 'canvas-tas-2', url_path: 'canvas-tas-2.html' }
const configurableParent = {
  sku: 'PLD-00001',
  type_id: 'configurable',
  slug: 'katoenen-polo-1',
  url_path: 'katoenen-polo-1.html',
  configurable_children: [{ sku: 'PLD-00001-M-RED' }],
}
const configurableChild = { ...configurableParent, sku: 'PLD-00001-M-RED', parentSku: 'PLD-00001' }

describe('productRouteName', () => {
  it('is the type id plus -product', () => {
    expect(productRouteName('simple')).toBe('simple-product')
    expect(productRouteName('configurable')).toBe('configurable-product')
    expect(productRouteName('gift-card')).toBe('gift-card-product')
  })
})

describe('formatProductLink', () => {
  it('without the dispatcher option: /p/{parentSku}/{slug}, the child sku as third segment', () => {
    expect(formatProductLink(simple, off)).toBe('/p/PLD-00002/canvas-tas-2')
    expect(formatProductLink(configurableParent, off)).toBe('/p/PLD-00001/katoenen-polo-1')
    expect(formatProductLink(configurableChild, off)).toBe('/p/PLD-00001/katoenen-polo-1/PLD-00001-M-RED')
  })

  it('with the dispatcher option: the url_path, a configurable child as ?childSku=', () => {
    expect(formatProductLink(simple, on)).toBe('/canvas-tas-2.html')
    expect(formatProductLink(configurableParent, on)).toBe('/katoenen-polo-1.html')
    expect(formatProductLink(configurableChild, on)).toBe('/katoenen-polo-1.html?childSku=PLD-00001-M-RED')
  })

  it('a child sku without configurable children or options is not passed on the url_path', () => {
    expect(formatProductLink({ ...simple, sku: 'X-1', parentSku: 'PLD-00002' }, on)).toBe('/canvas-tas-2.html')
    expect(formatProductLink({ ...configurableChild, configurable_children: [], configurable_options: [{ id: 1 }] }, on)).toBe(
      '/katoenen-polo-1.html?childSku=PLD-00001-M-RED',
    )
  })

  it('with the dispatcher option but no url_path falls back to the product route', () => {
    expect(formatProductLink({ ...simple, url_path: null }, on)).toBe('/p/PLD-00002/canvas-tas-2')
  })
})

describe('formatCategoryLink', () => {
  const jackets = { slug: 'jackets-10', url_path: 'clothing/jackets' }
  it('reads c/{slug} without the dispatcher option', () => {
    expect(formatCategoryLink(jackets, off)).toBe('/c/jackets-10')
  })
  it('uses the url_path with the dispatcher option, c/{slug} when there is none', () => {
    expect(formatCategoryLink(jackets, on)).toBe('/clothing/jackets')
    expect(formatCategoryLink({ slug: 'jackets-10' }, on)).toBe('/c/jackets-10')
  })
  it('goes to / with no category', () => {
    expect(formatCategoryLink(null, on)).toBe('/')
    expect(formatCategoryLink(undefined, off)).toBe('/')
  })
})

describe('categorySlug', () => {
  it('is the url key with platform url keys, else the slugified name plus the id', () => {
    const category = { id: 10, name: 'Jassen & Mantels', url_key: 'jassen' }
    expect(categorySlug(category, true)).toBe('jassen')
    expect(categorySlug(category, false)).toBe('jassen-and-mantels-10')
    expect(categorySlug({ id: 11, name: 'Tops' }, true)).toBe('tops-11')
  })
})

describe('filterAttribute', () => {
  it('formats lower-cased labels, spaces as underscores, joined by dashes', () => {
    expect(formatFilterAttribute(['Dark Blue', 'Red'])).toBe('dark_blue-red')
    expect(formatFilterAttribute(['  Light  Grey ', ''])).toBe('light_grey')
    expect(formatFilterAttribute([])).toBe('')
  })
  it('parses back to labels with spaces', () => {
    expect(parseFilterAttribute('dark_blue-red')).toEqual(['dark blue', 'red'])
    expect(parseFilterAttribute('')).toEqual([])
    expect(parseFilterAttribute(undefined)).toEqual([])
    expect(parseFilterAttribute('red--')).toEqual(['red'])
  })
  it('matches labels case- and space-insensitively', () => {
    expect(matchesFilterAttribute('Dark Blue', 'dark_blue-red')).toBe(true)
    expect(matchesFilterAttribute('Red', 'dark_blue-red')).toBe(true)
    expect(matchesFilterAttribute('Blue', 'dark_blue-red')).toBe(false)
  })
})
