/**
 * The import extension's content kinds on the real app and storage: blog categories and posts, CMS
 * hierarchy nodes, banners and info banners. A batch stores them as a seed import of the same
 * records would; a repeated batch changes nothing; a deletion is gone from the listings, the CMS
 * extension, the url map and the banner answers, and replicates as a tombstone; the stream carries
 * a change within 2 s; a bad record (a schema's or a reference's) is named by its place and
 * nothing of the batch is written.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { ImportBatch, StoreViewBatch } from '../../domain/api/catalog-import.schema'
import type { PullResult, StreamEvent } from '../../domain/api/replication.schema'
import type { Banner, InfoBanner } from '../../domain/banner.schema'
import type { BlogCategory, BlogPost } from '../../domain/blog.schema'
import type { CmsHierarchyNode } from '../../domain/cms.schema'
import type { StoreCatalog } from '../../server/seed/demo-shop'
import { importShop } from '../../server/services/catalog-import'
import { createImportBatchService } from '../../server/services/import-batch-service'
import { INFO_ACTIVE_ID, MAIN_FIRST_ID, MAIN_SECOND_ID, WORDS, withTestBanners } from './banner-fixtures'
import { blogShop, NEWS } from './blog-fixtures'
import { TERMS_ID } from './cms-fixtures'
import { importBatchCounts, importCounts, json, postImportBatch, startTestServer, useTestServer } from './helpers'

const KEY = 'test-import-key-0123456789'
const T0 = new Date('2026-06-15T12:00:00Z')
const auth = { authorization: `Bearer ${KEY}` }

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false, importApiKey: KEY, listen: true, heartbeatMs: 200 })
  await importShop(s.storage, withTestBanners(blogShop()), T0)
  return s
})

/** the seeded shop: its post 7 (news), hierarchy node 3 (about us, below "service", node 1) */
const DELETED_POST = 7
const ABOUT_NODE = 3
const TERMS_NODE = 2

const CATEGORY: BlogCategory = {
  id: 20,
  url_key: 'tours',
  title: 'Tours <b>guided</b>',
  status: 1,
  sort_order: 3,
  description: '<p>Rides</p><script>x()</script>',
}
const POST: BlogPost = {
  id: 40,
  url_key: 'polder-tour',
  title: 'A polder tour',
  status: 1,
  publish_date: '2026-08-01T10:00:00+02:00',
  blog_category_ids: [CATEGORY.id, NEWS],
  short_content: '<p>Ride along</p><script>alert(1)</script>',
  content: '<p>Along the dykes</p><img src=x onerror="alert(2)">',
  author: 'Polder',
}
const NODE: CmsHierarchyNode = { id: 30, parent_id: 1, page_id: null, identifier: 'tours', title: 'Tours', sort_order: 3, level: 2 }
const BANNER: Banner = {
  id: 50,
  slot: 'main',
  title: 'Autumn tours',
  image: '/img/banners/bike/2e5aac/main.webp',
  link: '/c/socks-22',
  alt: 'A tour',
  sort_order: 3,
  active: true,
}
const INFO: InfoBanner = { id: 60, content: '<p>Tours every Sunday</p><script>alert(3)</script>', link: '/i/shipping', active: true }

const CONTENT: StoreViewBatch = {
  blog_categories: [CATEGORY],
  blog_posts: [POST],
  cms_hierarchy: [NODE],
  banners: [BANNER],
  info_banners: [INFO],
  delete: { blog_posts: [DELETED_POST], cms_hierarchy: [ABOUT_NODE], banners: [MAIN_SECOND_ID], info_banners: [INFO_ACTIVE_ID] },
}
const BATCH: ImportBatch = { storeViews: { en: CONTENT } }

/** The same changes made to a store view's fixture records (for the seed import to compare with). */
function changed(catalog: StoreCatalog): StoreCatalog {
  return {
    ...catalog,
    blog_categories: [...(catalog.blog_categories ?? []), CATEGORY],
    blog_posts: [...(catalog.blog_posts ?? []).filter((p) => p.id !== DELETED_POST), POST],
    cms_hierarchy: [...(catalog.cms_hierarchy ?? []).filter((n) => n.id !== ABOUT_NODE), NODE],
    banners: [...(catalog.banners ?? []).filter((b) => b.id !== MAIN_SECOND_ID), BANNER],
    info_banners: [...(catalog.info_banners ?? []).filter((b) => b.id !== INFO_ACTIVE_ID), INFO],
  }
}

async function post(body: unknown) {
  return postImportBatch(server, body, auth)
}

async function get(url: string) {
  return server.app.inject({ method: 'GET', url })
}

type Source = Record<string, unknown>

async function search(type: string, body: Record<string, unknown> = {}, index = 'polder_en', qs = 'size=100'): Promise<Source[]> {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${index}/${type}/_search?${qs}`, payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ hits: { hits: { _source: Source }[] } }>(res).hits.hits.map((h) => h._source)
}

const filter = (attribute: string, value: unknown) => ({ _appliedFilters: [{ attribute, value, scope: 'default' }] })
const ids = (list: Source[]) => list.map((s) => s.id)

async function mapUrl(url: string): Promise<Source | null> {
  const res = await server.app.inject({ method: 'POST', url: '/api/url/map', payload: { url } })
  expect(res.statusCode, res.body).toBe(200)
  return json<Source | null>(res)
}

async function pull(qs = 'limit=1000&projection=full', store = 'en'): Promise<PullResult> {
  const res = await get(`/api/ext/replication/v1/${store}/cms/pull?${qs}`)
  expect(res.statusCode, res.body).toBe(200)
  return json<{ result: PullResult }>(res).result
}

async function infoCheck(id: number): Promise<unknown> {
  return json<{ result: unknown }>(await get(`/api/ext/info-banner/banner/check/${id}?storeCode=en`)).result
}

async function mainBannerTitles(code = 'en'): Promise<unknown[]> {
  const res = await get(`/assets/banners/${code}_promoted_offers.json`)
  expect(res.statusCode, res.body).toBe(200)
  return json<{ mainBanners: { title: string }[] }>(res).mainBanners.map((b) => b.title)
}

/** Everything the en store view answers of its content, with or without the update times. */
async function contentState(withTimes: boolean): Promise<unknown> {
  const strip = (docs: Source[]) =>
    docs
      .map((d) => (withTimes ? d : Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'updated_at'))))
      .sort((a, b) => String(a.id).localeCompare(String(b.id)))
  return {
    feed: strip((await pull()).documents),
    rewrites: strip(await search('url_rewrite', filter('entity_type', { in: ['blog-post', 'blog-category', 'cms-page'] }), 'polder_en', 'size=500')),
    posts: strip(await search('cms_blog')),
    categories: strip(await search('cms_blog_category')),
    hierarchy: strip(await search('cms_hierarchy')),
    banners: json(await get('/api/ext/banners/en')),
  }
}

describe('import batch: content', () => {
  it('stores the content as a seed import of the same records would', async () => {
    const now = new Date('2026-06-20T10:00:00Z')
    await createImportBatchService(server.storage, { now: () => now }).apply(BATCH)
    const batched = await contentState(false)
    const shop = withTestBanners(blogShop())
    shop.catalog.en = changed(shop.catalog.en)
    const summary = await importShop(server.storage, shop, now)
    // nothing to write or delete: the batch stored every row as this import does
    expect(summary.storeViews.en.written).toBe(0)
    expect(summary.storeViews.en.deleted).toBe(0)
    expect(await contentState(false)).toEqual(batched)
    // back to the seeded shop for the tests below
    await importShop(server.storage, withTestBanners(blogShop()), T0)
    expect(await mapUrl('/en/blog/polder-tour')).toBeNull()
  })

  it('upserts and deletes every content kind; answers the counts', async () => {
    expect(await importBatchCounts(server, BATCH, auth)).toEqual(
      importCounts({
        cms_hierarchy: { upserted: 1, unchanged: 0, deleted: 1 },
        blog_categories: { upserted: 1, unchanged: 0, deleted: 0 },
        blog_posts: { upserted: 1, unchanged: 0, deleted: 1 },
        banners: { upserted: 1, unchanged: 0, deleted: 1 },
        info_banners: { upserted: 1, unchanged: 0, deleted: 1 },
      }),
    )

    // the post: newest first in the listing, its HTML sanitised, its date in UTC, in its categories
    const [newest] = await search('cms_blog')
    expect(newest).toMatchObject({ id: POST.id, publish_date: '2026-08-01T08:00:00.000Z', short_content: '<p>Ride along</p>', author_name: 'Polder' })
    expect(String(newest!.content)).not.toMatch(/onerror|<script/)
    expect(ids(await search('cms_blog', filter('blog_category_ids', { in: [CATEGORY.id] })))).toEqual([POST.id])
    expect(await mapUrl('/en/blog/polder-tour')).toMatchObject({ _type: 'cms_blog', _id: String(POST.id) })
    expect((await get(`/api/ext/cms/cmsBlog/${POST.id}?storeCode=en`)).statusCode).toBe(200)
    // the category: plain-text title, sanitised description, its page
    const [category] = await search('cms_blog_category', filter('id', { eq: CATEGORY.id }))
    expect(category).toMatchObject({ title: 'Tours guided', name: 'Tours guided', description: '<p>Rides</p>' })
    expect(await mapUrl('/en/blog/category/tours')).toMatchObject({ _type: 'cms_blog_category', _id: String(CATEGORY.id) })
    // the node, with its path from the root
    const [node] = await search('cms_hierarchy', filter('id', { eq: NODE.id }))
    expect(node).toMatchObject({ request_url: 'service/tours', xpath: `1/${NODE.id}`, node_id: NODE.id, parent_node_id: 1, active: true })
    // the banner and the info banner
    expect(await mainBannerTitles()).toEqual([WORDS.en.socks, BANNER.title])
    expect(await infoCheck(INFO.id)).toBe('true')
    const info = await get(`/api/ext/info-banner/banner/get/${INFO.id}?storeCode=en`)
    expect(json<{ result: { content: string } }>(info).result.content).toBe('<p>Tours every Sunday</p>')
    // only the en store view changed
    expect(await mainBannerTitles('nl')).toEqual([WORDS.nl.socks, WORDS.nl.sale])
  })

  it('a deleted post, node, banner and info banner are gone from every answer and replicate as tombstones', async () => {
    expect(ids(await search('cms_blog'))).not.toContain(DELETED_POST)
    expect(await search('cms_blog', filter('url_key', { eq: `post-${DELETED_POST}` }))).toEqual([])
    expect(ids(await search('cms_blog', filter('blog_category_ids', { in: [NEWS] })))).not.toContain(DELETED_POST)
    expect(await mapUrl(`/en/blog/post-${DELETED_POST}`)).toBeNull()
    expect((await get(`/api/ext/cms/cmsBlog/${DELETED_POST}?storeCode=en`)).statusCode).toBe(404)
    expect(await mapUrl(`/nl/blog/post-${DELETED_POST}`)).toMatchObject({ _type: 'cms_blog' })

    expect(ids(await search('cms_hierarchy'))).not.toContain(ABOUT_NODE)
    expect((await get(`/api/ext/cms/cmsHierarchy/${ABOUT_NODE}?storeCode=en`)).statusCode).toBe(404)
    expect(await mainBannerTitles()).not.toContain(WORDS.en.sale)
    expect(await infoCheck(INFO_ACTIVE_ID)).toBe('false')

    const feed = new Map((await pull()).documents.map((d) => [d.id, d]))
    for (const id of [`blog_post-${DELETED_POST}`, `hierarchy-${ABOUT_NODE}`, `banner-${MAIN_SECOND_ID}`, `info_banner-${INFO_ACTIVE_ID}`]) {
      expect(feed.get(id), id).toMatchObject({ _deleted: true })
    }
    expect(feed.get(`blog_post-${POST.id}`)).toMatchObject({ _deleted: false, kind: 'blog_post', identifier: POST.url_key })
  })

  it('the same batch again: every record unchanged, no update time moved, nothing new on the feed', async () => {
    const before = JSON.stringify(await contentState(true))
    const { checkpoint } = await pull()
    const counts = await importBatchCounts(server, BATCH, auth)
    // each kind: its upsert unchanged, its deletion already gone
    for (const kind of ['cms_hierarchy', 'blog_posts', 'banners', 'info_banners'] as const)
      expect(counts[kind], kind).toEqual({ upserted: 0, unchanged: 2, deleted: 0 })
    expect(counts.blog_categories).toEqual({ upserted: 0, unchanged: 1, deleted: 0 })
    expect(JSON.stringify(await contentState(true))).toBe(before)
    const since = await pull(`limit=1000&id=${encodeURIComponent(checkpoint!.id)}&updatedAt=${encodeURIComponent(checkpoint!.updatedAt)}`)
    expect(since.documents).toEqual([])
  })

  it('a page turned inactive takes its node out of the tree; active again, the node is back', async () => {
    const terms = { id: TERMS_ID, identifier: 'terms-and-conditions', title: 'Terms and conditions', content: '<h1>Terms and conditions</h1>' }
    const off = await post({ storeViews: { en: { cms_pages: [{ ...terms, active: false }] } } })
    expect(off.statusCode, off.body).toBe(200)
    expect(ids(await search('cms_hierarchy'))).not.toContain(TERMS_NODE)
    expect((await pull()).documents.find((d) => d.id === `hierarchy-${TERMS_NODE}`)).toMatchObject({ _deleted: true })
    const on = await post({ storeViews: { en: { cms_pages: [{ ...terms, active: true }] } } })
    expect(on.statusCode, on.body).toBe(200)
    expect(ids(await search('cms_hierarchy'))).toContain(TERMS_NODE)
  })
})

describe('import batch: content refusals', () => {
  /** a batch with a valid post and banner before the bad record: neither may be written */
  const valid = {
    blog_posts: [{ ...POST, id: 41, url_key: 'valid-post', blog_category_ids: [CATEGORY.id] }],
    banners: [{ ...BANNER, id: 51, title: 'Valid banner' }],
  }
  async function refused(view: StoreViewBatch): Promise<string> {
    const res = await post({ storeViews: { en: view } })
    expect(res.statusCode, res.body).toBe(400)
    expect(await search('cms_blog', filter('id', { eq: 41 }))).toEqual([])
    expect(await mainBannerTitles()).not.toContain('Valid banner')
    return json<{ result: string }>(res).result
  }

  it('a post naming a blog category that does not exist', async () => {
    const message = await refused({ ...valid, blog_posts: [...valid.blog_posts, { ...POST, id: 42, url_key: 'bad', blog_category_ids: [99] }] })
    expect(message).toBe('storeViews.en.blog_posts[1] (id 42): blog_category_ids[0]: no blog category with id 99')
    expect(await mapUrl('/en/blog/valid-post')).toBeNull()
  })

  it('a banner leading out of the shop (the schema refuses it)', async () => {
    const message = await refused({ ...valid, banners: [...valid.banners, { ...BANNER, id: 52, link: 'https://example.com/' }] })
    expect(message).toMatch(/^storeViews\.en\.banners\.1\.link: /)
  })

  it('a url key another post has', async () => {
    const message = await refused({ ...valid, blog_posts: [...valid.blog_posts, { ...POST, id: 43, url_key: 'post-1' }] })
    expect(message).toBe('storeViews.en.blog_posts[1] (id 43): url_key: "post-1" is already used')
  })

  it('a node under a node that does not exist, or at the wrong level', async () => {
    expect(await refused({ ...valid, cms_hierarchy: [{ ...NODE, id: 31, parent_id: 99 }] })).toBe(
      'storeViews.en.cms_hierarchy[0] (id 31): parent_id: no node with id 99',
    )
    expect(await refused({ ...valid, cms_hierarchy: [{ ...NODE, id: 31, level: 3 }] })).toBe(
      "storeViews.en.cms_hierarchy[0] (id 31): level: its parent's level plus one expected",
    )
  })

  it('a node moved to another level, leaving the nodes below it at the wrong one', async () => {
    // node 1 (a root, "service") under node 4 ("legal"): its children stay at level 2
    const moved = { id: 1, parent_id: 4, page_id: null, identifier: 'service', title: 'Service', sort_order: 1, level: 2 }
    expect(await refused({ ...valid, cms_hierarchy: [moved] })).toBe(
      `storeViews.en.cms_hierarchy (stored id ${TERMS_NODE}): level: its parent's level plus one expected`,
    )
    expect((await search('cms_hierarchy', filter('id', { eq: 1 })))[0]).toMatchObject({ request_url: 'service', level: 1 })
  })

  it('deleting what is still named: a blog category with posts, a page with its node, a node with nodes below it', async () => {
    expect(await refused({ ...valid, delete: { blog_categories: [NEWS] } })).toMatch(
      /^storeViews\.en\.delete\.blog_categories\[0\] \(id 1\): blog post id \d+ still names it$/,
    )
    expect(await refused({ ...valid, delete: { cms_pages: [TERMS_ID] } })).toBe(
      `storeViews.en.delete.cms_pages[0] (id ${TERMS_ID}): cms_hierarchy node id ${TERMS_NODE} still names it`,
    )
    expect(await refused({ ...valid, delete: { cms_hierarchy: [1] } })).toMatch(
      /^storeViews\.en\.delete\.cms_hierarchy\[0\] \(id 1\): cms_hierarchy node id \d+ still names it$/,
    )
    expect(ids(await search('cms_blog_category'))).toContain(NEWS)
    expect(await mapUrl('/en/terms-and-conditions')).toMatchObject({ _type: 'cms_page' })
    expect(ids(await search('cms_hierarchy'))).toContain(1)
  })

  it('a deletion with its references gone in the same batch is taken', async () => {
    const posts = (await search('cms_blog', filter('blog_category_ids', { in: [CATEGORY.id] }))).map((p) => p.id as number)
    const res = await post({ storeViews: { en: { delete: { blog_posts: posts, blog_categories: [CATEGORY.id] } } } })
    expect(res.statusCode, res.body).toBe(200)
    expect(await mapUrl('/en/blog/category/tours')).toBeNull()
    expect((await pull()).documents.find((d) => d.id === `blog_category-${CATEGORY.id}`)).toMatchObject({ _deleted: true })
  })
})

describe('import batch: content is live', () => {
  it('the stream carries a new post and a deleted banner within 2 s', async () => {
    const { port } = server.app.server.address() as AddressInfo
    const events: StreamEvent[] = []
    const req = http.get(`http://127.0.0.1:${port}/api/ext/replication/v1/en/stream`)
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve))
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      for (const block of chunk.split('\n\n')) if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as StreamEvent)
    })
    const waitFor = async (test: () => boolean, ms: number) => {
      const until = Date.now() + ms
      while (!test() && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
      expect(test()).toBe(true)
    }
    try {
      await waitFor(() => events.length >= 1, 2000)
      const posted = await post({
        storeViews: { en: { blog_posts: [{ ...POST, id: 44, url_key: 'live-post', blog_category_ids: [NEWS] }], delete: { banners: [MAIN_FIRST_ID] } } },
      })
      expect(posted.statusCode, posted.body).toBe(200)
      const started = Date.now()
      const streamed = () => new Map(events.flatMap((e) => (e.type === 'changes' && e.collection === 'cms' ? e.documents : [])).map((d) => [d.id, d] as const))
      await waitFor(() => streamed().has('blog_post-44') && streamed().has(`banner-${MAIN_FIRST_ID}`), 2000)
      expect(Date.now() - started).toBeLessThan(2000)
      expect(streamed().get('blog_post-44')).toMatchObject({ _deleted: false, identifier: 'live-post' })
      expect(streamed().get(`banner-${MAIN_FIRST_ID}`)).toMatchObject({ _deleted: true })
    } finally {
      req.destroy()
    }
  })
})
