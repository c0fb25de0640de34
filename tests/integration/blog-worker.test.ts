/**
 * The data worker's blog against the real server and storage: the replicated posts and categories
 * listed from the device (newest first, pages of 10, one category's, the draft never), a post
 * fetched whole through the CMS extension when opened and kept, so it reads offline later;
 * offline, a post never opened is "not available offline" and the draft is "missing".
 */
import { describe, expect, it } from 'vitest'
import { importShop } from '../../server/services/catalog-import'
import type { BlogListQuery, BlogListView, BlogPostView } from '../../workers/contract/content'
import { waitFor } from '../unit/worker-harness'
import { blogShop, PUBLISHED_POSTS, RECIPE_POST_IDS } from './blog-fixtures'
import { startTestServer, useDataWorker, useTestServer } from './helpers'

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false, listen: true })
  await importShop(s.storage, blogShop(), new Date('2026-06-15T12:00:00Z'))
  return s
})

/** Post ids newest first: post n is n weeks after the first. */
const NEWEST_FIRST = Array.from({ length: PUBLISHED_POSTS }, (_, i) => PUBLISHED_POSTS - i)

describe('the blog in the data worker on the real server', () => {
  const { service, asked } = useDataWorker(server, 'polder-blog')

  const readList = async (query: BlogListQuery) => {
    let view: BlogListView | undefined
    const stop = await service.subscribeBlogList(query, (v) => {
      view = v
    })
    const ready = await waitFor(
      () => view,
      (v) => v.state === 'ready' && v.total > 0,
      20_000,
    )
    await stop()
    return ready
  }

  const watchPost = async (urlKey: string) => {
    let view: BlogPostView | undefined
    const stop = await service.subscribeBlogPost(urlKey, (v) => {
      view = v
    })
    return { read: () => view, stop }
  }

  it('lists the replicated posts from the device: newest first in pages of 10, one category’s, no draft', async () => {
    const first = await readList({})
    expect([first.total, first.pageCount]).toEqual([PUBLISHED_POSTS, 2])
    expect(first.posts.map((p) => p.id)).toEqual(NEWEST_FIRST.slice(0, 10))
    expect(first.posts[0]).toMatchObject({ url_key: 'post-12', title: 'Bericht 12', image: '/blog/post-12.png' })
    expect(first.posts[0]!.excerpt).toContain('(nl)')
    expect((await readList({ page: 2 })).posts.map((p) => p.id)).toEqual(NEWEST_FIRST.slice(10))
    const recipes = await readList({ category: 'recipes', sort: 'oldest' })
    expect(recipes.posts.map((p) => p.id)).toEqual(RECIPE_POST_IDS)
  })

  it('keeps a post opened once for offline; offline, one never opened is not available and the draft is missing', async () => {
    const opened = await watchPost('post-12')
    const ready = await waitFor(opened.read, (v) => v.state === 'ready', 20_000)
    expect(ready.post?.content).toContain('Polder (nl)')
    expect(ready.categories.map((c) => c.url_key)).toEqual(['recipes'])
    expect(asked.some((url) => url.includes('/api/ext/cms-data/cmsBlogIdentifier/post-12/storeId/'))).toBe(true)
    await opened.stop()

    await service.setOnline(false)
    try {
      const fetchesBefore = asked.length
      const again = await watchPost('post-12')
      expect((await waitFor(again.read, (v) => v.state !== 'loading')).post?.content).toContain('Polder (nl)')
      const never = await watchPost('post-11')
      expect((await waitFor(never.read, (v) => v.state !== 'loading')).state).toBe('offline-unavailable')
      const draft = await watchPost('draft')
      expect((await waitFor(draft.read, (v) => v.state !== 'loading')).state).toBe('missing')
      expect(asked.slice(fetchesBefore).filter((url) => url.includes('/cmsBlog'))).toEqual([])
    } finally {
      await service.setOnline(true)
    }
  })

  it('answers missing online for a post the shop does not have, and for the draft', async () => {
    for (const urlKey of ['no-such-post', 'draft']) {
      const post = await watchPost(urlKey)
      expect((await waitFor(post.read, (v) => v.state !== 'loading', 20_000)).state).toBe('missing')
      await post.stop()
    }
  })
})
