import { describe, expect, it } from 'vitest'
import { categoryLink, categorySlug, normalizePath, parseSearch, productLink, slugify, stringifySearch, withBasePath } from '../../domain/url'

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

  it('category slug is the url key or the slugified name plus id', () => {
    expect(categorySlug({ id: 21, name: 'Men Tops', url_key: 'men-tops' }, true)).toBe('men-tops')
    expect(categorySlug({ id: 21, name: 'Men Tops', url_key: 'men-tops' }, false)).toBe('men-tops-21')
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
