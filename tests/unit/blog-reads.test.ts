/**
 * The worker's blog on real RxDB (memory storage): lists newest first by default, the other sorts,
 * pages of 10, one category's posts, only published posts and categories; a post opened online is
 * fetched whole and kept, so it reads offline later; offline, a post never opened is "not
 * available offline" and one the device's pulled content does not name is "missing". An injected
 * fetch stands for the CMS extension; the real server's answers are proven by
 * tests/integration/blog.test.ts and tests/e2e/blog.spec.ts.
 */
import { describe, expect, it } from 'vitest'
import type { ReplicatedDocument } from '../../domain/api/replication.schema'
import { STORE_VIEWS } from '../../domain/store-views'
import { ApiClient } from '../../replication/api-client'
import type { BlogCategoryView, BlogListQuery, BlogListView, BlogPostSummary, BlogPostView } from '../../workers/contract/content'
import type { WorkerConfig } from '../../workers/contract/config'
import { blogPageOf, feedPostsOf, latestPostsOf } from '../../workers/content/blog-queries'
import { contentCheckpointRecord, ContentModule } from '../../workers/content/content-module'
import { toContentRecord, type ContentDoc } from '../../workers/content/content-record'
import { writeContent } from '../../workers/content/content-store'
import { sessionCheckpoint } from '../../workers/db/session-records'
import type { PolderDatabase } from '../../workers/db/database'
import { json, useMemoryDatabases, waitFor } from './worker-harness'

const openDb = useMemoryDatabases('polder-blog')
const UPDATED = '2026-07-01T08:00:00.000Z'
const NEWS = 1
const RECIPES = 2

/** Post n is published n days into March (so ids and dates sort alike); titles run the other way. */
function post(n: number, extra: Record<string, unknown> = {}): ReplicatedDocument {
  return {
    id: `blog_post-${n}`,
    kind: 'blog_post',
    entity_id: n,
    identifier: `post-${n}`,
    url_key: `post-${n}`,
    title: `${String.fromCharCode(90 - n)} post`,
    status: 1,
    publish_date: `2026-03-${String(n).padStart(2, '0')}T09:00:00.000Z`,
    blog_category_ids: [n % 2 === 0 ? RECIPES : NEWS],
    short_content: `<p>Excerpt ${n}</p>`,
    featured_image_file: `/blog/post-${n}.png`,
    updated_at: UPDATED,
    _deleted: false,
    ...extra,
  }
}

function category(id: number, urlKey: string, sortOrder: number, extra: Record<string, unknown> = {}): ReplicatedDocument {
  return {
    id: `blog_category-${id}`,
    kind: 'blog_category',
    entity_id: id,
    identifier: urlKey,
    url_key: urlKey,
    title: urlKey,
    status: 1,
    sort_order: sortOrder,
    updated_at: UPDATED,
    _deleted: false,
    ...extra,
  }
}

const asDocs = (wires: ReplicatedDocument[]) =>
  wires.map((w) => {
    const { _deleted: _, ...doc } = toContentRecord(w)!
    return doc as ContentDoc
  })
const ids = (posts: BlogPostSummary[]) => posts.map((p) => p.id)

describe('blog queries', () => {
  // 23 published posts, and a draft that is the newest of all
  const docs = asDocs([...Array.from({ length: 23 }, (_, i) => post(i + 1)), post(28, { status: 0 })])

  it('pages the published posts newest first, 10 a page, the last page clamped', () => {
    const first = blogPageOf(docs, {}, null, 'en-US')
    expect([first.total, first.pageCount, first.page, first.sort]).toEqual([23, 3, 1, 'newest'])
    expect(ids(first.posts)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14])
    expect(ids(blogPageOf(docs, { page: 3 }, null, 'en-US').posts)).toEqual([3, 2, 1])
    const past = blogPageOf(docs, { page: 9 }, null, 'en-US')
    expect([past.page, ids(past.posts)]).toEqual([3, [3, 2, 1]])
    expect(blogPageOf(docs, { page: 0 }, null, 'en-US').page).toBe(1)
  })

  it('sorts oldest first or by title when asked', () => {
    expect(ids(blogPageOf(docs, { sort: 'oldest' }, null, 'en-US').posts)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    // titles run Y, X, W … as ids rise
    expect(ids(blogPageOf(docs, { sort: 'title', page: 1 }, null, 'en-US').posts)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14])
    expect(blogPageOf(docs, { sort: 'title' }, null, 'en-US').posts[0]!.title).toBe('C post')
  })

  it('lists one category’s posts and leaves a draft out of every list', () => {
    const recipes = blogPageOf(docs, {}, RECIPES, 'en-US')
    expect(recipes.total).toBe(11)
    expect(recipes.posts.every((p) => p.category_ids.includes(RECIPES))).toBe(true)
    expect(ids(latestPostsOf(docs, 'en-US'))).toEqual([23, 22, 21, 20, 19])
    expect(ids(feedPostsOf(docs, 'en-US'))).toEqual([23, 22, 21, 20, 19, 18, 17, 16])
    expect(ids(blogPageOf(docs, { sort: 'oldest', page: 3 }, null, 'en-US').posts)).not.toContain(28)
  })
})

/** The CMS extension's cmsBlogIdentifier over `posts`; requests are recorded. */
function extension(posts: Record<string, ReplicatedDocument>) {
  const asked: string[] = []
  const state = { down: false }
  const fetch = async (input: string): Promise<Response> => {
    if (state.down) throw new TypeError('Failed to fetch')
    asked.push(input)
    const key = /cmsBlogIdentifier\/([^/]+)\/storeId\//.exec(new URL(input).pathname)?.[1]
    const wire = key ? posts[key] : undefined
    if (!wire) return json({ code: 404, result: 'Blog post not found' }, 404)
    const { kind: _k, entity_id, identifier: _i, _deleted: _d, ...doc } = wire
    return json({ code: 200, result: { ...doc, id: entity_id } })
  }
  return { fetch, asked, state }
}

async function startModule(db: PolderDatabase, server: ReturnType<typeof extension>, online: { now: boolean }) {
  const api = new ApiClient({ baseUrl: 'http://shop.test', storeCode: 'en', fetch: server.fetch })
  const config: WorkerConfig = { storeCode: 'en', apiBaseUrl: 'http://shop.test', replicationMode: 'shopper' }
  const session = { store: { config, storeView: STORE_VIEWS.en, db, api }, now: Date.now, newId: () => String(Math.random()) }
  return new ContentModule({ session, isOnline: () => online.now, replicate: false, retryAfter: () => () => undefined })
}

function watch<T>(subscribe: (cb: (v: T) => void) => Promise<() => Promise<void>>) {
  let value: T | undefined
  const stopping = subscribe((v) => {
    value = v
  })
  return { read: () => value, stop: async () => (await stopping)() }
}

describe('the content module’s blog (real RxDB)', () => {
  it('answers lists from the device: loading before the first pull, a category’s page, a missing category', async () => {
    const db = await openDb()
    const online = { now: true }
    const module = await startModule(db, extension({}), online)
    const list = watch<BlogListView>((cb) => module.api.subscribeBlogList({}, cb))
    expect((await waitFor(list.read, () => true)).state).toBe('loading')
    const wires = [
      category(NEWS, 'news', 2),
      category(RECIPES, 'recipes', 1),
      category(3, 'hidden', 0, { status: 0 }),
      ...[1, 2, 3, 4].map((n) => post(n)),
      post(9, { status: 0 }),
    ]
    await writeContent(db.cms, wires.map(toContentRecord))
    await sessionCheckpoint(db, contentCheckpointRecord('light')).write({ id: 'blog_post-4', updatedAt: UPDATED })
    const ready = await waitFor(list.read, (v) => v.state === 'ready')
    expect(ids(ready.posts)).toEqual([4, 3, 2, 1])
    await list.stop()

    const recipes = watch<BlogListView>((cb) => module.api.subscribeBlogList({ category: 'recipes', sort: 'oldest' } satisfies BlogListQuery, cb))
    const shown = await waitFor(recipes.read, (v) => v.state === 'ready')
    expect([shown.category?.title, ids(shown.posts)]).toEqual(['recipes', [2, 4]])
    const hidden = watch<BlogListView>((cb) => module.api.subscribeBlogList({ category: 'hidden' }, cb))
    expect((await waitFor(hidden.read, () => true)).state).toBe('missing')
    const categories = watch<BlogCategoryView[]>((cb) => module.api.subscribeBlogCategories(cb))
    expect((await waitFor(categories.read, (c) => c.length > 0)).map((c) => c.url_key)).toEqual(['recipes', 'news'])
    await Promise.all([recipes.stop(), hidden.stop(), categories.stop()])
  })

  it('fetches a post when opened online and keeps it: offline it reads from the device, one never opened does not', async () => {
    const db = await openDb()
    const online = { now: true }
    const whole = (n: number) => post(n, { content: `<p>The whole text of post ${n}</p>`, meta_title: `Post ${n}` })
    const server = extension({ 'post-1': whole(1), 'post-2': whole(2) })
    const module = await startModule(db, server, online)
    await writeContent(db.cms, [category(NEWS, 'news', 1), post(1), post(2), post(5, { status: 0 })].map(toContentRecord))
    await sessionCheckpoint(db, contentCheckpointRecord('light')).write({ id: 'blog_post-2', updatedAt: UPDATED })

    const first = watch<BlogPostView>((cb) => module.api.subscribeBlogPost('post-1', cb))
    const ready = await waitFor(first.read, (v) => v.state === 'ready')
    expect(ready.post).toMatchObject({ id: 1, title: 'Y post', content: '<p>The whole text of post 1</p>', meta_title: 'Post 1', image: '/blog/post-1.png' })
    expect(ready.categories.map((c) => c.url_key)).toEqual(['news'])
    await first.stop()

    online.now = false
    server.state.down = true
    const fetched = server.asked.length
    const again = watch<BlogPostView>((cb) => module.api.subscribeBlogPost('post-1', cb))
    expect((await waitFor(again.read, (v) => v.state !== 'loading')).post?.content).toBe('<p>The whole text of post 1</p>')
    const never = watch<BlogPostView>((cb) => module.api.subscribeBlogPost('post-2', cb))
    expect((await waitFor(never.read, (v) => v.state !== 'loading')).state).toBe('offline-unavailable')
    const unknown = watch<BlogPostView>((cb) => module.api.subscribeBlogPost('no-such-post', cb))
    expect((await waitFor(unknown.read, (v) => v.state !== 'loading')).state).toBe('missing')
    // a draft the device holds is not shown
    const draft = watch<BlogPostView>((cb) => module.api.subscribeBlogPost('post-5', cb))
    expect((await waitFor(draft.read, (v) => v.state !== 'loading')).state).toBe('missing')
    expect(server.asked.length).toBe(fetched)
    await Promise.all([again.stop(), never.stop(), unknown.stop(), draft.stop()])
  })

  it('answers missing online for a post the shop does not have, or an unpublished answer', async () => {
    const db = await openDb()
    const server = extension({ 'post-7': post(7, { status: 0, content: '<p>draft</p>' }) })
    const module = await startModule(db, server, { now: true })
    const unknown = watch<BlogPostView>((cb) => module.api.subscribeBlogPost('no-such-post', cb))
    expect((await waitFor(unknown.read, (v) => v.state !== 'loading')).state).toBe('missing')
    const draft = watch<BlogPostView>((cb) => module.api.subscribeBlogPost('post-7', cb))
    expect((await waitFor(draft.read, (v) => v.state !== 'loading')).state).toBe('missing')
    expect(await db.cms.findOne('blog_post-7').exec()).toBeNull()
    await Promise.all([unknown.stop(), draft.stop()])
  })
})
