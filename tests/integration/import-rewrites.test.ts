/**
 * An import batch moves its entities' url rewrites together: two blog posts that swap url keys in
 * one batch both keep their page (each key now leads to the other post), and the same batch again
 * changes nothing: no record, no rewrite, not even an update time. Real app and storage.
 */
import { describe, expect, it } from 'vitest'
import type { ImportBatch, ImportResult } from '../../domain/api/catalog-import.schema'
import type { BlogPost } from '../../domain/blog.schema'
import { importShop } from '../../server/services/catalog-import'
import { blogPosts, blogShop } from './blog-fixtures'
import { json, startTestServer, useTestServer } from './helpers'

const KEY = 'test-import-key-0123456789'
const auth = { authorization: `Bearer ${KEY}` }

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false, importApiKey: KEY })
  await importShop(s.storage, blogShop(), new Date('2026-06-15T12:00:00Z'))
  return s
})

const stored = (id: number): BlogPost => blogPosts('en').find((p) => p.id === id)!
/** posts 1 and 2 trade url keys (post-1 and post-2) */
const SWAP: ImportBatch = {
  storeViews: {
    en: {
      blog_posts: [
        { ...stored(1), url_key: stored(2).url_key },
        { ...stored(2), url_key: stored(1).url_key },
      ],
    },
  },
}

async function apply(batch: ImportBatch): Promise<ImportResult> {
  const res = await server.app.inject({ method: 'POST', url: '/api/ext/import/batch', payload: batch as unknown as Record<string, unknown>, headers: auth })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ result: ImportResult }>(res).result
}

async function mappedId(url: string): Promise<unknown> {
  const res = await server.app.inject({ method: 'POST', url: '/api/url/map', payload: { url } })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ _id: string } | null>(res)?._id ?? null
}

/** The store view's live blog post rewrites, whole (update times too), by request path. */
async function postRewrites(): Promise<Record<string, unknown>[]> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/catalog/polder_en/url_rewrite/_search?size=100',
    payload: { _appliedFilters: [{ attribute: 'entity_type', value: { eq: 'blog-post' }, scope: 'default' }] },
  })
  expect(res.statusCode, res.body).toBe(200)
  const sources = json<{ hits: { hits: { _source: Record<string, unknown> }[] } }>(res).hits.hits.map((h) => h._source)
  return sources.sort((a, b) => String(a.request_path).localeCompare(String(b.request_path)))
}

describe('import batch: url rewrites of the records it moves', () => {
  it('keeps both links when two posts swap url keys, each pointing to its new post', async () => {
    expect([await mappedId('/en/blog/post-1'), await mappedId('/en/blog/post-2')]).toEqual(['1', '2'])
    const before = await postRewrites()

    expect((await apply(SWAP)).counts.blog_posts).toEqual({ upserted: 2, unchanged: 0, deleted: 0 })
    expect([await mappedId('/en/blog/post-1'), await mappedId('/en/blog/post-2')]).toEqual(['2', '1'])
    const after = await postRewrites()
    expect(after.map((r) => [r.request_path, r.entity_id])).toEqual(
      before.map((r) => [r.request_path, r.request_path === 'blog/post-1' ? 2 : r.request_path === 'blog/post-2' ? 1 : r.entity_id]),
    )
    // the other store views keep their keys
    expect([await mappedId('/nl/blog/post-1'), await mappedId('/nl/blog/post-2')]).toEqual(['1', '2'])
  })

  it('changes nothing when the same batch comes again', async () => {
    const before = await postRewrites()
    expect((await apply(SWAP)).counts.blog_posts).toEqual({ upserted: 0, unchanged: 2, deleted: 0 })
    expect(await postRewrites()).toEqual(before)
    expect([await mappedId('/en/blog/post-1'), await mappedId('/en/blog/post-2')]).toEqual(['2', '1'])
  })
})
