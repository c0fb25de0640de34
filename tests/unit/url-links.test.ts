/** domain/url.ts: path normalisation, link building (spec §2 "Route naming and link building") and query strings. */
import { describe, expect, it } from 'vitest'
import {
  categoryLink,
  categorySlug,
  formatCategoryLink,
  formatFilterAttribute,
  formatProductLink,
  matchesFilterAttribute,
  normalizePath,
  parseFilterAttribute,
  parseSearch,
  productLink,
  productRouteName,
  slugify,
  stringifySearch,
  withBasePath,
} from '../../domain/url'

describe('slugify', () => {
  it('lower-cases, drops accents and collapses separators', () => {
    expect(slugify('Hoodies & Sweatshirts')).toBe('hoodies-and-sweatshirts')
    expect(slugify('  Vêtements d’été  ')).toBe('vetements-d-ete')
    expect(slugify('T-shirts -- Heren')).toBe('t-shirts-heren')
  })
})

describe('normalizePath', () => {
  it('adds a leading slash and removes the trailing slash and query', () => {
    expect(normalizePath('c/shirts-21/?page=2')).toBe('/c/shirts-21')
    expect(normalizePath('/p/WS01/tee/')).toBe('/p/WS01/tee')
    expect(normalizePath('/p/WS01#reviews')).toBe('/p/WS01')
    expect(normalizePath('')).toBe('/')
    expect(normalizePath('/')).toBe('/')
    expect(normalizePath('//c//x//')).toBe('/c/x')
  })
})

describe('links', () => {
  it('builds product links with and without a child sku', () => {
    expect(productLink({ parentSku: 'WS01', slug: 'tee-1' })).toBe('/p/WS01/tee-1')
    expect(productLink({ parentSku: 'WS01', slug: 'tee-1', childSku: 'WS01-M-Red' })).toBe('/p/WS01/tee-1/WS01-M-Red')
    expect(productLink({ parentSku: 'WS01', slug: 'tee-1', childSku: 'WS01' })).toBe('/p/WS01/tee-1')
  })

  it('builds category links, home without a category', () => {
    expect(categoryLink({ slug: 'shirts-21' })).toBe('/c/shirts-21')
    expect(categoryLink(null)).toBe('/')
  })

  it('prefixes store paths, none on the French host', () => {
    expect(withBasePath('/nl', '/c/x/')).toBe('/nl/c/x')
    expect(withBasePath('/nl', '/')).toBe('/nl/')
    expect(withBasePath('', '/c/x')).toBe('/c/x')
  })
})

describe('query strings', () => {
  it('parses repeated keys into lists and single keys into values', () => {
    expect(parseSearch('?color=49&color=52&price=0-50&page=2')).toEqual({ color: ['49', '52'], price: '0-50', page: '2' })
    expect(parseSearch('')).toEqual({})
  })

  it('writes lists as repeated keys and drops empty values', () => {
    expect(stringifySearch({ color: ['49', '52'], price: ['0-50'], sort: 'price_asc', page: 2, size: undefined, x: '' })).toBe(
      '?color=49&color=52&price=0-50&sort=price_asc&page=2',
    )
    expect(stringifySearch({})).toBe('')
  })

  it('round-trips', () => {
    const search = { color: ['49', '52'], size: ['167'] }
    expect(parseSearch(stringifySearch(search))).toEqual({ color: ['49', '52'], size: '167' })
  })
})

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
