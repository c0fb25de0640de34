/**
 * The XSS corpus (the OWASP filter-evasion vectors) posted through the import extension as a shop
 * owner's content and opened in a real Chromium: a CMS page, a footer block, a blog post (its page
 * and the blog's list), banner texts and the info banner render with no script run, no dialog, no
 * Content-Security-Policy violation, and nothing executable left in the DOM the app built from them.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { INFO_BANNER_IDS } from '../../server/seed/content/banners'
import { XSS_VECTORS } from '../fixtures/inert-html'
import { E2E_IMPORT_API_KEY } from './playwright.config'
import { watchCspViolations } from './fixtures/checks'
import { Shop } from './fixtures/shop'

/** The vectors one after another, after a marker that shows the text arrived. */
const MARKER = 'The corpus starts here'
const CORPUS_HTML = [`<p>${MARKER}</p>`, ...XSS_VECTORS.map((vector) => `<div>${vector}</div>`)].join('\n')
const CORPUS_PAGE = { id: 9001, identifier: 'xss-corpus', title: 'XSS corpus', content: CORPUS_HTML }
const BLOCK = 'footer-legal'

interface CmsBlock {
  id: number
  identifier: string
  title: string
  content: string
}

async function importBatch(request: APIRequestContext, en: object): Promise<void> {
  const res = await request.post('/api/ext/import/batch', {
    headers: { authorization: `Bearer ${E2E_IMPORT_API_KEY}` },
    data: { storeViews: { en } },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function footerBlock(request: APIRequestContext): Promise<CmsBlock> {
  const res = await request.get(`/api/ext/cms/cmsBlockIdentifier/${BLOCK}/storeId/1`)
  expect(res.status()).toBe(200)
  const { id, identifier, title, content } = ((await res.json()) as { result: CmsBlock }).result
  return { id, identifier, title, content }
}

/** Records every way a vector could show it ran: the dialogs the corpus calls, and Playwright's dialog event. */
async function watchScripts(page: Page): Promise<{ ran: () => Promise<string[]> }> {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  await page.addInitScript(() => {
    const ran: string[] = []
    ;(window as unknown as { __xssRan: string[] }).__xssRan = ran
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, { value: (...args: unknown[]) => void ran.push(`${name}(${args.map(String).join(',')})`) })
    }
  })
  return {
    ran: async () => [...dialogs, ...(await page.evaluate(() => (window as unknown as { __xssRan: string[] }).__xssRan))],
  }
}

/** Every picture inside `selector` has loaded or failed: what the corpus makes the browser fetch was fetched. */
async function picturesSettled(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() => page.locator(selector).evaluateAll((roots) => roots.every((root) => [...root.querySelectorAll('img')].every((img) => img.complete))), {
      timeout: 30_000,
    })
    .toBe(true)
}

/** What a browser could still run inside `selector`: script-like elements, event handler attributes, script URLs. */
async function liveConstructs(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const found: string[] = []
    for (const root of roots) {
      for (const el of root.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase()
        if (['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'style', 'link', 'meta', 'base', 'form', 'svg', 'math'].includes(tag))
          found.push(`<${tag}>`)
        for (const attribute of el.attributes) {
          // eslint-disable-next-line no-control-regex
          const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase()
          if (attribute.name.startsWith('on')) found.push(`${tag} ${attribute.name}`)
          if (
            ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'background'].includes(attribute.name) &&
            /^(javascript|vbscript|data|livescript):/.test(value)
          )
            found.push(`${tag} ${attribute.name}=${value.slice(0, 40)}`)
          if (attribute.name === 'style') found.push(`${tag} style`)
        }
      }
    }
    return found
  })
}

test('the XSS corpus as a CMS page and a footer block renders inert: no script run, no CSP violation', async ({ page, request }) => {
  test.setTimeout(180_000)
  const original = await footerBlock(request)
  await importBatch(request, { cms_pages: [CORPUS_PAGE], cms_blocks: [{ ...original, content: CORPUS_HTML }] })
  try {
    const violations = await watchCspViolations(page)
    const scripts = await watchScripts(page)
    const shop = new Shop(page, '/en')
    await shop.open('/i/xss-corpus')
    const article = page.locator('[data-route="cms-page"]')
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(CORPUS_PAGE.title)
    // the footer block's text reaches the footer (the stream or the pull brought the new version)
    await expect(article).toContainText(MARKER)
    await expect(page.locator(`.footer-block--${BLOCK}`)).toContainText(MARKER, { timeout: 30_000 })
    // images the corpus names are asked for and fail: judged once they have
    await picturesSettled(page, '[data-route="cms-page"]')
    // a focus is how some vectors run
    await page.keyboard.press('Tab')

    expect(await liveConstructs(page, '[data-route="cms-page"]')).toEqual([])
    expect(await liveConstructs(page, `.footer-block--${BLOCK}`)).toEqual([])
    expect(await scripts.ran()).toEqual([])
    expect(await violations.found()).toEqual([])
  } finally {
    await importBatch(request, { cms_blocks: [original], delete: { cms_pages: [CORPUS_PAGE.id] } })
  }
})

/** An English blog category the corpus post can sit in. */
async function blogCategoryId(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/catalog/polder_en/cms_blog_category/_search?request_format=search-query&response_format=standard&size=1', {
    data: { _availableFilters: [], _appliedSort: [], _appliedFilters: [] },
  })
  expect(res.ok(), await res.text()).toBe(true)
  const [hit] = ((await res.json()) as { hits: { hits: { _source: { id: number } }[] } }).hits.hits
  return hit!._source.id
}

interface InfoBanner {
  id: number
  content: string
  link?: string
  active?: boolean
}

test('the XSS corpus as a blog post, banner texts and the info banner renders inert: no script run, no CSP violation', async ({ page, request }) => {
  test.setTimeout(180_000)
  // the one the home page shows: the demo shop's lowest active id
  const infoRes = await request.get(`/api/ext/info-banner/banner/get/${INFO_BANNER_IDS.delivery}?storeCode=en`)
  expect(infoRes.status(), await infoRes.text()).toBe(200)
  const { id, content, link } = ((await infoRes.json()) as { result: InfoBanner }).result
  const originalInfo: InfoBanner = { id, content, ...(link ? { link } : {}) }
  const post = {
    id: 9001,
    url_key: 'xss-corpus',
    title: 'XSS corpus post',
    status: 1,
    // the newest post: first in the blog's list, whose excerpt it shows
    publish_date: new Date().toISOString(),
    blog_category_ids: [await blogCategoryId(request)],
    short_content: CORPUS_HTML.slice(0, 4_000),
    content: CORPUS_HTML,
  }
  // plain-text fields: the vectors, whose markup the import strips, around words that must remain
  const banner = {
    id: 9001,
    slot: 'small',
    title: `Corpus banner ${XSS_VECTORS[0]}`.slice(0, 120),
    subtitle: XSS_VECTORS.slice(1, 4).join(' ').slice(0, 200),
    alt: `${MARKER} ${XSS_VECTORS[2]}`.slice(0, 200),
    image: '/img/banners/bike/2e5aac/small.webp',
    link: '/i/shipping',
    sort_order: 0,
  }
  await importBatch(request, { blog_posts: [post], banners: [banner], info_banners: [{ ...originalInfo, content: CORPUS_HTML }] })
  try {
    const violations = await watchCspViolations(page)
    const scripts = await watchScripts(page)
    const shop = new Shop(page, '/en')

    await shop.open('/')
    await expect(page.getByTestId('info-banner')).toContainText(MARKER, { timeout: 30_000 })
    await expect(page.getByTestId('banner-small').filter({ hasText: 'Corpus banner' })).toHaveCount(1, { timeout: 30_000 })
    await picturesSettled(page, '[data-testid="info-banner"]')
    expect(await liveConstructs(page, '[data-testid="info-banner"]')).toEqual([])
    expect(await liveConstructs(page, '[data-testid="banner-small"]')).toEqual([])

    await shop.open('/blog')
    await expect(page.locator('[data-route="blog"]')).toContainText(MARKER, { timeout: 30_000 })
    expect(await liveConstructs(page, '[data-route="blog"]')).toEqual([])

    await shop.open('/blog/xss-corpus')
    const article = page.locator('[data-route="blog-post"]')
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title)
    await expect(article).toContainText(MARKER)
    await picturesSettled(page, '[data-route="blog-post"]')
    await page.keyboard.press('Tab')
    expect(await liveConstructs(page, '[data-route="blog-post"]')).toEqual([])

    expect(await scripts.ran()).toEqual([])
    expect(await violations.found()).toEqual([])
  } finally {
    await importBatch(request, { info_banners: [originalInfo], delete: { blog_posts: [post.id], banners: [banner.id] } })
  }
})
