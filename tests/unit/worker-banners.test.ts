/**
 * The content module's banner queries on a real (memory) RxDB: the home banners per slot in their
 * order from the replicated `cms` documents, and the info banner a shopper has not dismissed, which
 * shows again once its content changes.
 */
import { describe, expect, it } from 'vitest'
import type { ReplicatedDocument } from '../../domain/api/replication.schema'
import { infoBannerToShow, infoBannerVersion } from '../../workers/content/banners'
import { contentCheckpointRecord, ContentModule } from '../../workers/content/content-module'
import { toContentRecord } from '../../workers/content/content-record'
import { writeContent } from '../../workers/content/content-store'
import type { HomeBannersView, InfoBannerView } from '../../workers/contract/content'
import type { WorkerConfig } from '../../workers/contract/config'
import type { PolderDatabase } from '../../workers/db/database'
import type { OpenedStore, WorkerSession } from '../../workers/worker-session'
import { useMemoryDatabases, waitFor } from './worker-harness'

const openDb = useMemoryDatabases('polder-banners')

const T1 = '2026-07-01T08:00:00.000Z'
const T2 = '2026-07-02T08:00:00.000Z'

function banner(id: number, slot: string, extra: Record<string, unknown> = {}): ReplicatedDocument {
  return {
    id: `banner-${id}`,
    kind: 'banner',
    entity_id: id,
    identifier: slot,
    slot,
    title: `Banner ${id}`,
    image: `/img/banners/bike/2e5aac/${slot}.webp`,
    link: `/c/bikes-${id}`,
    alt: `Picture ${id}`,
    sort_order: 0,
    active: true,
    store_id: 1,
    updated_at: T1,
    _deleted: false,
    ...extra,
  }
}

function infoBanner(id: number, content: string, extra: Record<string, unknown> = {}): ReplicatedDocument {
  return { id: `info_banner-${id}`, kind: 'info_banner', entity_id: id, content, active: true, store_id: 1, updated_at: T1, _deleted: false, ...extra }
}

function moduleOver(db: PolderDatabase): ContentModule {
  const store = { db, config: { storeCode: 'en', apiBaseUrl: 'http://shop.test', replicationMode: 'shopper' } as WorkerConfig } as OpenedStore
  const session: WorkerSession = { store, now: () => Date.now(), newId: () => 'id' }
  return new ContentModule({ session, isOnline: () => true, replicate: false, retryAfter: () => () => {} })
}

const put = (db: PolderDatabase, docs: ReplicatedDocument[]) => writeContent(db.cms, docs.map(toContentRecord))

describe('home banners', () => {
  it('answers the active banners per slot in sort order, the first head banner as the head image, and re-emits on change', async () => {
    const db = await openDb()
    const content = moduleOver(db)
    let view: HomeBannersView | undefined
    const stop = await content.api.subscribeHomeBanners((v) => {
      view = v
    })
    expect(
      await waitFor(
        () => view,
        () => true,
      ),
    ).toEqual({ pulled: false, head: null, main: [], small: [], product: [] })

    await put(db, [
      banner(3, 'main', { sort_order: 2 }),
      banner(1, 'main', { sort_order: 1, subtitle: 'City bikes' }),
      banner(2, 'main', { sort_order: 1 }),
      banner(11, 'small'),
      banner(12, 'small', { active: false }),
      banner(21, 'product'),
      banner(31, 'head', { sort_order: 5 }),
      banner(32, 'head', { sort_order: 4 }),
      // not a banner a shop can show (a scheme in its link): left out
      banner(13, 'small', { link: 'https://elsewhere.example/' }),
      { id: 'block-1', kind: 'block', entity_id: 1, identifier: 'footer-legal', title: 'Legal', content: '<p>x</p>', updated_at: T1, _deleted: false },
    ])
    const filled = await waitFor(
      () => view,
      (v) => v.main.length === 3,
    )
    expect(filled.main.map((b) => b.id)).toEqual([1, 2, 3])
    expect(filled.main[0]).toEqual({
      id: 1,
      title: 'Banner 1',
      subtitle: 'City bikes',
      image: '/img/banners/bike/2e5aac/main.webp',
      link: '/c/bikes-1',
      alt: 'Picture 1',
      width: 1200,
      height: 600,
    })
    expect(filled.small.map((b) => b.id)).toEqual([11])
    expect(filled.product.map((b) => [b.id, b.width, b.height])).toEqual([[21, 1200, 400]])
    expect(filled.head).toMatchObject({ id: 32, width: 1600, height: 640 })

    // a removal (the feed's tombstone) and the first pull's checkpoint reach the page
    await put(db, [{ ...banner(1, 'main'), updated_at: T2, _deleted: true }])
    await db.session.insert({ id: contentCheckpointRecord('light'), value: { checkpoint: { id: 'banner-1', updatedAt: T2 } } })
    const after = await waitFor(
      () => view,
      (v) => v.pulled && v.main.length === 2,
    )
    expect(after.main.map((b) => b.id)).toEqual([2, 3])
    await stop()
  })
})

describe('the info banner', () => {
  it('shows the first active one; dismissed, it stays closed on this device until its content changes', async () => {
    const db = await openDb()
    const content = moduleOver(db)
    const seen: (InfoBannerView | null)[] = []
    const latest = () => (seen.length > 0 ? { value: seen[seen.length - 1]! } : undefined)
    const stop = await content.api.subscribeInfoBanner((v) => {
      seen.push(v)
    })
    expect((await waitFor(latest, () => true)).value).toBeNull()

    await put(db, [infoBanner(2, '<p>Free delivery</p>', { active: false }), infoBanner(1, '<p>Delivered in 1–2 days</p>', { link: '/i/shipping' })])
    const shown = (await waitFor(latest, (l) => l.value !== null)).value!
    expect(shown).toEqual({
      id: 1,
      content: '<p>Delivered in 1–2 days</p>',
      link: '/i/shipping',
      version: infoBannerVersion({ content: '<p>Delivered in 1–2 days</p>', link: '/i/shipping' }),
    })

    await content.api.dismissInfoBanner(shown.id, shown.version)
    expect((await waitFor(latest, (l) => l.value === null)).value).toBeNull()
    // kept in the local database: a module opened later on the same database (a reload) keeps it closed
    let reloaded: InfoBannerView | null | undefined
    const stopReloaded = await moduleOver(db).api.subscribeInfoBanner((v) => {
      reloaded = v
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(reloaded).toBeNull()
    await stopReloaded()

    // new words: shown again
    await put(db, [infoBanner(1, '<p>Delivered in 1 day</p>', { link: '/i/shipping', updated_at: T2 })])
    expect((await waitFor(latest, (l) => l.value !== null)).value).toMatchObject({ id: 1, content: '<p>Delivered in 1 day</p>' })

    // the other one switched on: shown once the first is closed too
    await put(db, [infoBanner(2, '<p>Free delivery</p>', { active: true, updated_at: T2 })])
    const again = (await waitFor(latest, (l) => l.value?.content === '<p>Delivered in 1 day</p>')).value!
    await content.api.dismissInfoBanner(again.id, again.version)
    expect((await waitFor(latest, (l) => l.value?.id === 2)).value).toMatchObject({ id: 2, content: '<p>Free delivery</p>' })
    await stop()
  })

  it('a version changes with the content or the link; one dismissed in another version does not hide it', () => {
    const base = { content: '<p>a</p>', link: '/i/shipping' }
    expect(infoBannerVersion(base)).toBe(infoBannerVersion({ ...base }))
    expect(infoBannerVersion(base)).not.toBe(infoBannerVersion({ ...base, content: '<p>b</p>' }))
    expect(infoBannerVersion(base)).not.toBe(infoBannerVersion({ content: '<p>a</p>' }))
    const doc = toContentRecord(infoBanner(1, '<p>a</p>', { link: '/i/shipping' }))!
    expect(infoBannerToShow([doc], { 1: 'deadbeef' })?.id).toBe(1)
    expect(infoBannerToShow([doc], { 1: infoBannerVersion(base) })).toBeNull()
  })
})
