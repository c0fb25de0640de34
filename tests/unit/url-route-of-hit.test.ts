/**
 * The URL dispatcher's route for a url map hit (workers/urls/resolve-url routeOfHit): a CMS page
 * opens at /i/{identifier}, an identifier's slashes kept as path separators (the app's /i/ route
 * takes the rest of the path), anything else in it percent-encoded.
 */
import { describe, expect, it } from 'vitest'
import type { UrlMapAnswer } from '../../domain/api/url.schema'
import { routeOfHit } from '../../workers/urls/resolve-url'

const cmsHit = (identifier: string, redirect?: { code: 301; target: string }): NonNullable<UrlMapAnswer> => ({
  _index: 'polder_en_cms_page',
  _type: 'cms_page',
  _id: '30',
  _score: 1,
  _source: { id: 30, identifier },
  ...(redirect ? { redirect } : {}),
})

describe('routeOfHit for a CMS page', () => {
  it('opens a child page at its whole identifier, slashes kept', () => {
    expect(routeOfHit(cmsHit('customer-service/gift-wrapping'))).toBe('/i/customer-service/gift-wrapping')
  })

  it("sends a legacy address (a 301 to the identifier) to the page's /i/ route", () => {
    expect(routeOfHit(cmsHit('about-us', { code: 301, target: '/about-us' }))).toBe('/i/about-us')
  })

  it('encodes what a path segment cannot hold', () => {
    expect(routeOfHit(cmsHit('a b/c?d'))).toBe('/i/a%20b/c%3Fd')
  })
})
