/**
 * The fixture shop's CMS pages and blocks: an about page and a terms page in every store view's
 * language, an inactive draft, a page whose HTML carries an XSS vector, and two footer blocks
 * (one inactive).
 */
import type { CmsBlock, CmsPage } from '../../domain/cms.schema'
import type { StoreCode } from '../../domain/store-views'

export const ABOUT_ID = 1
export const TERMS_ID = 2
export const DRAFT_ID = 3
export const XSS_ID = 4
export const FOOTER_ID = 11
export const HIDDEN_BLOCK_ID = 12
export const XSS_VECTOR = '<p>Hello<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)" target="_blank">go</a></p>'

const TITLES: Record<StoreCode, { about: string; terms: string }> = {
  en: { about: 'About us', terms: 'Terms and conditions' },
  nl: { about: 'Over ons', terms: 'Algemene voorwaarden' },
  be: { about: 'Over ons', terms: 'Algemene voorwaarden' },
  fr: { about: 'À propos', terms: 'Conditions générales' },
}

export function cmsPages(code: StoreCode): CmsPage[] {
  const t = TITLES[code]
  return [
    { id: ABOUT_ID, identifier: 'about-us', title: t.about, content: `<h1>${t.about}</h1><p>Polder (${code})</p>`, active: true, meta_title: t.about },
    { id: TERMS_ID, identifier: 'terms-and-conditions', title: t.terms, content: `<h1>${t.terms}</h1>`, active: true },
    { id: DRAFT_ID, identifier: 'draft', title: 'Draft', content: '<p>not yet</p>', active: false },
    { id: XSS_ID, identifier: 'xss', title: 'XSS', content: XSS_VECTOR, active: true },
  ]
}

export function cmsBlocks(code: StoreCode): CmsBlock[] {
  return [
    {
      id: FOOTER_ID,
      identifier: 'footer-links',
      title: 'Footer',
      content: `<ul><li><a href="/${code}/i/about-us">${TITLES[code].about}</a></li></ul>`,
      active: true,
    },
    { id: HIDDEN_BLOCK_ID, identifier: 'footer-old', title: 'Old footer', content: '<p>old</p>', active: false },
  ]
}
