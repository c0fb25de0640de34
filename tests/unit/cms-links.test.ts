/** Links inside CMS HTML: which open in the app (and at which store-relative path), which the browser follows. */
import { describe, expect, it } from 'vitest'
import { appPathOf } from '../../src/routes/content/cms-links'

describe('appPathOf', () => {
  const here = 'https://shop.test/en/i/about-us'
  it('takes the store view’s own prefix off a site-relative link, keeping query and hash', () => {
    expect(appPathOf('/en/i/terms-and-conditions', here, 'en')).toBe('/i/terms-and-conditions')
    expect(appPathOf('/en/c/bikes?page=2#top', here, 'en')).toBe('/c/bikes?page=2#top')
    expect(appPathOf('/en', here, 'en')).toBe('/')
    expect(appPathOf('faq', here, 'en')).toBe('/i/faq')
  })

  it('on the French host (no prefix) a link with /fr or without a prefix opens in the app', () => {
    const fr = 'https://fr.shop.test/i/a-propos'
    expect(appPathOf('/fr/i/conditions-generales', fr, 'fr')).toBe('/i/conditions-generales')
    expect(appPathOf('/i/conditions-generales', fr, 'fr')).toBe('/i/conditions-generales')
  })

  it('leaves other origins, other store views, files and API addresses to the browser', () => {
    expect(appPathOf('https://example.com/en/i/x', here, 'en')).toBeNull()
    expect(appPathOf('/nl/i/over-ons', here, 'en')).toBeNull()
    expect(appPathOf('/en/withdrawal-form.pdf', here, 'en')).toBeNull()
    expect(appPathOf('/api/ext/cms/cmsPage/1', here, 'en')).toBeNull()
    expect(appPathOf('mailto:service@example.com', here, 'en')).toBeNull()
    expect(appPathOf('http://[bad', here, 'en')).toBeNull()
  })
})
