/**
 * The app's CMS page route (src/router.tsx) takes the whole rest of the path as the page's
 * identifier, so a child page (`customer-service/gift-wrapping`) opens at /i/{identifier} instead of
 * falling through to the not-found route, and links to it keep its slashes.
 */
import { describe, expect, it } from 'vitest'
import { createAppRouter, type RouterContext } from '../../src/router'

const router = createAppRouter('', {} as RouterContext)
const lastMatch = (pathname: string) => router.matchRoutes(pathname, {}).at(-1)

describe('the /i/ route', () => {
  it('matches an identifier with slashes as one CMS page', () => {
    const match = lastMatch('/i/customer-service/gift-wrapping')
    expect(match?.routeId).toBe('/default/i/$')
    expect(match?.params).toMatchObject({ _splat: 'customer-service/gift-wrapping' })
    expect(lastMatch('/i/about-us')?.params).toMatchObject({ _splat: 'about-us' })
  })

  it('builds a link that keeps the slashes as path separators', () => {
    expect(router.buildLocation({ to: '/i/$', params: { _splat: 'customer-service/gift-wrapping' } }).pathname).toBe('/i/customer-service/gift-wrapping')
  })
})
