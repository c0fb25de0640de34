/**
 * The replication feed's `cms` collection on the real app and storage: CMS pages and blocks as one
 * collection under `${kind}-${id}` ids, paged by a text checkpoint, inactive and deleted content as
 * tombstones, pages without their HTML in the light projection, and the import's changes pushed on
 * the stream.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { PullResult, StreamEvent } from '../../domain/api/replication.schema'
import { importShop } from '../../server/services/catalog-import'
import { blogShop, DRAFT_POST } from './blog-fixtures'
import { HEAD_ID, INFO_INACTIVE_ID, withTestBanners } from './banner-fixtures'
import { ABOUT_ID, DRAFT_ID, FOOTER_ID, HIDDEN_BLOCK_ID, TERMS_ID, XSS_ID } from './cms-fixtures'
import { buildFixtureShop } from './fixtures'
import { json, useTestServer } from './helpers'

const server = useTestServer({ heartbeatMs: 200 })

async function pull(store: string, qs: string): Promise<PullResult> {
  const res = await server.app.inject({ method: 'GET', url: `/api/ext/replication/v1/${store}/cms/pull?${qs}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ code: number; result: PullResult }>(res).result
}

const cp = (c: PullResult['checkpoint']) => (c ? `updatedAt=${encodeURIComponent(c.updatedAt)}&id=${c.id}` : '')
const ALL_IDS = [`block-${FOOTER_ID}`, `block-${HIDDEN_BLOCK_ID}`, `page-${ABOUT_ID}`, `page-${TERMS_ID}`, `page-${DRAFT_ID}`, `page-${XSS_ID}`]

describe('the cms collection of the replication feed', () => {
  it('holds pages and blocks under kind-id ids, inactive ones as tombstones', async () => {
    const { documents } = await pull('nl', 'limit=100')
    expect(documents.map((d) => d.id).sort()).toEqual([...ALL_IDS].sort())
    const byId = new Map(documents.map((d) => [d.id, d]))
    expect(byId.get(`page-${ABOUT_ID}`)).toMatchObject({ kind: 'page', entity_id: ABOUT_ID, identifier: 'about-us', title: 'Over ons', _deleted: false })
    expect(byId.get(`block-${FOOTER_ID}`)).toMatchObject({ kind: 'block', entity_id: FOOTER_ID, identifier: 'footer-links', _deleted: false })
    expect(byId.get(`page-${DRAFT_ID}`)?._deleted).toBe(true)
    expect(byId.get(`block-${HIDDEN_BLOCK_ID}`)?._deleted).toBe(true)
  })

  it('sends pages without their HTML in the light projection, blocks whole; everything with projection=full', async () => {
    const light = new Map((await pull('fr', 'limit=100')).documents.map((d) => [d.id, d]))
    const about = light.get(`page-${ABOUT_ID}`)!
    expect(about.content).toBeUndefined()
    expect(about).toMatchObject({ title: 'À propos', meta_title: 'À propos', identifier: 'about-us' })
    expect(String(light.get(`block-${FOOTER_ID}`)!.content)).toContain('/fr/i/about-us')
    const full = new Map((await pull('fr', 'limit=100&projection=full')).documents.map((d) => [d.id, d]))
    expect(String(full.get(`page-${ABOUT_ID}`)!.content)).toContain('Polder (fr)')
    // the stored HTML, sanitised at import
    expect(String(full.get(`page-${XSS_ID}`)!.content)).not.toContain('onerror')
  })

  it('pages with the text checkpoint: nothing repeated or skipped, the same checkpoint back at the end', async () => {
    const seen: string[] = []
    let checkpoint: PullResult['checkpoint'] = null
    for (let i = 0; i < 10; i++) {
      const page = await pull('en', `limit=4&${cp(checkpoint)}`)
      if (page.documents.length === 0) {
        expect(page.checkpoint).toEqual(checkpoint)
        break
      }
      seen.push(...page.documents.map((d) => d.id))
      checkpoint = page.checkpoint
    }
    expect(seen.sort()).toEqual([...ALL_IDS].sort())
  })

  it('carries a tombstone for content an import drops, and only what changed', async () => {
    const before = await pull('en', 'limit=100')
    await importShop(server.storage, buildFixtureShop({ withoutCms: ['about-us'] }), new Date('2026-07-01T08:00:00Z'))
    const after = await pull('en', `limit=100&${cp(before.checkpoint)}`)
    expect(after.documents.map((d) => [d.id, d._deleted, d.updated_at])).toEqual([[`page-${ABOUT_ID}`, true, '2026-07-01T08:00:00.000Z']])
    await importShop(server.storage, buildFixtureShop(), new Date('2026-07-02T08:00:00Z'))
    const back = await pull('en', `limit=100&${cp(after.checkpoint)}`)
    expect(back.documents.map((d) => [d.id, d._deleted])).toEqual([[`page-${ABOUT_ID}`, false]])
  })

  it('refuses a checkpoint id that is not a content id, and a content id for a numeric collection', async () => {
    const at = `updatedAt=${encodeURIComponent('2026-01-01T00:00:00.000Z')}`
    for (const url of [`/api/ext/replication/v1/en/cms/pull?${at}&id=42`, `/api/ext/replication/v1/en/products/pull?${at}&id=page-1`]) {
      const res = await server.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
    }
  })

  it('pushes an import’s content changes on the stream, in the stream’s projection', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = server.app.server.address() as AddressInfo
    const events: StreamEvent[] = []
    const req = http.get(`http://127.0.0.1:${port}/api/ext/replication/v1/be/stream`)
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve))
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      for (const block of chunk.split('\n\n')) if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as StreamEvent)
    })
    const waitFor = async (test: () => boolean) => {
      for (let i = 0; i < 100 && !test(); i++) await new Promise((r) => setTimeout(r, 20))
      expect(test()).toBe(true)
    }
    await waitFor(() => events.length >= 1)
    await importShop(server.storage, buildFixtureShop({ withoutCms: ['terms-and-conditions', 'footer-links'] }), new Date('2026-07-03T08:00:00Z'))
    await waitFor(() => events.some((e) => e.type === 'changes' && e.collection === 'cms'))
    const change = events.find((e) => e.type === 'changes' && e.collection === 'cms')
    if (change?.type !== 'changes') throw new Error('no change event')
    expect(change.documents.map((d) => [d.id, d._deleted])).toEqual([
      [`block-${FOOTER_ID}`, true],
      [`page-${TERMS_ID}`, true],
    ])
    expect(change.documents.find((d) => d.id === `page-${TERMS_ID}`)).toMatchObject({ kind: 'page', entity_id: TERMS_ID })
    expect(change.documents.find((d) => d.id === `page-${TERMS_ID}`)?.content).toBeUndefined()
    expect(change.documents.find((d) => d.id === `block-${FOOTER_ID}`)?.content).toBeDefined()
    expect(change.checkpoint).toEqual({ id: `page-${TERMS_ID}`, updatedAt: '2026-07-03T08:00:00.000Z' })
    req.destroy()
  })

  it('carries the blog, the hierarchy and the banners too, named alike in a pull and on the stream', async () => {
    // the server listens since the test before
    const { port } = server.app.server.address() as AddressInfo
    const events: StreamEvent[] = []
    const req = http.get(`http://127.0.0.1:${port}/api/ext/replication/v1/nl/stream`)
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve))
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      for (const block of chunk.split('\n\n')) if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as StreamEvent)
    })
    for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    await importShop(server.storage, withTestBanners(blogShop()), new Date('2026-07-04T08:00:00Z'))
    const pushed = async () => {
      for (let i = 0; i < 100 && !events.some((e) => e.type === 'changes' && e.collection === 'cms'); i++) await new Promise((r) => setTimeout(r, 20))
      const change = events.find((e) => e.type === 'changes' && e.collection === 'cms')
      if (change?.type !== 'changes') throw new Error('no change event')
      return new Map(change.documents.map((d) => [d.id, d]))
    }
    const streamed = await pushed()
    const pulled = new Map((await pull('nl', 'limit=500')).documents.map((d) => [d.id, d]))
    for (const docs of [pulled, streamed]) {
      expect(docs.get('blog_post-1')).toMatchObject({ kind: 'blog_post', entity_id: 1, identifier: 'post-1', _deleted: false })
      // the light projection: a post's excerpt, not its text
      expect(docs.get('blog_post-1')?.short_content).toBeDefined()
      expect(docs.get('blog_post-1')?.content).toBeUndefined()
      expect(docs.get(`blog_post-${DRAFT_POST}`)?._deleted).toBe(true)
      expect(docs.get('blog_category-1')).toMatchObject({ kind: 'blog_category', identifier: expect.any(String), _deleted: false })
      expect([...docs.values()].some((d) => d.kind === 'hierarchy' && typeof d.identifier === 'string')).toBe(true)
      expect(docs.get(`banner-${HEAD_ID}`)).toMatchObject({ kind: 'banner', identifier: 'head', _deleted: false })
      expect(docs.get(`info_banner-${INFO_INACTIVE_ID}`)?._deleted).toBe(true)
    }
    req.destroy()
  })
})
