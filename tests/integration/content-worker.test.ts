/**
 * The data worker's content module against the real server: the `cms` collection replicated in the
 * leader (footer blocks whole, pages as stubs), a page's HTML fetched when opened and kept, so it
 * reads offline later; offline, a page never opened is "not available offline" and one the shop
 * does not have is "missing".
 */
import { describe, expect, it } from 'vitest'
import type { CmsBlockView, CmsPageView } from '../../workers/contract/content'
import { waitFor } from '../unit/worker-harness'
import { useDataWorker, useTestServer } from './helpers'

const server = useTestServer({ listen: true })

describe('the content module on the real server', () => {
  const { service, asked } = useDataWorker(server, 'polder-content')

  const watchPage = async (identifier: string) => {
    let view: CmsPageView | undefined
    const stop = await service.subscribeCmsPage(identifier, (v) => {
      view = v
    })
    return { read: () => view, stop }
  }

  it('replicates the active footer blocks whole, in the order asked', async () => {
    let blocks: CmsBlockView[] | undefined
    await service.subscribeCmsBlocks(['footer-old', 'footer-links'], (b) => {
      blocks = b
    })
    const shown = await waitFor(
      () => blocks,
      (b) => b.length > 0,
      20_000,
    )
    expect(shown.map((b) => b.identifier)).toEqual(['footer-links'])
    expect(shown[0]!.content).toContain('/nl/i/about-us')
  })

  it('fetches a page when opened online and keeps it: it reads offline later, by itself', async () => {
    const about = await watchPage('about-us')
    const ready = await waitFor(about.read, (v) => v.state === 'ready', 20_000)
    expect(ready.page).toMatchObject({ identifier: 'about-us', title: 'Over ons', meta_title: 'Over ons' })
    expect(ready.page!.content).toContain('Polder (nl)')
    expect(asked.some((url) => url.includes('/api/ext/cms-data/cmsPageIdentifier/about-us/storeId/'))).toBe(true)
    await about.stop()

    // the replication pulled once (the blocks above came from it): what it did not bring does not exist
    await service.setOnline(false)
    try {
      const fetchesBefore = asked.length
      const again = await watchPage('about-us')
      expect((await waitFor(again.read, (v) => v.state !== 'loading')).page?.content).toContain('Polder (nl)')
      const never = await watchPage('xss')
      expect((await waitFor(never.read, (v) => v.state !== 'loading')).state).toBe('offline-unavailable')
      const unknown = await watchPage('no-such-page')
      expect((await waitFor(unknown.read, (v) => v.state !== 'loading')).state).toBe('missing')
      const inactive = await watchPage('draft')
      expect((await waitFor(inactive.read, (v) => v.state !== 'loading')).state).toBe('missing')
      expect(asked.slice(fetchesBefore).filter((url) => url.includes('/cmsPage'))).toEqual([])
    } finally {
      await service.setOnline(true)
    }
  })

  it('answers missing online for a page the shop does not have', async () => {
    const unknown = await watchPage('no-such-page-online')
    expect((await waitFor(unknown.read, (v) => v.state !== 'loading', 20_000)).state).toBe('missing')
  })
})
