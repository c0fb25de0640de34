/**
 * Polder's server with its replication feed extension off (REPLICATION_FEED=off): the feed's paths
 * answer 404 as a stock vue-storefront-api's do, and the rest of the API answers as before.
 */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { useTestServer } from './helpers'

const server = useTestServer({ listen: true, replicationFeed: false })

const FEED_PATH = '/api/ext/replication/'
const INDEX = 'polder_en'

describe('the REPLICATION_FEED setting', () => {
  it('is on unless set off', () => {
    expect(loadConfig({}).replicationFeed).toBe(true)
    expect(loadConfig({ REPLICATION_FEED: 'off' }).replicationFeed).toBe(false)
    expect(loadConfig({ REPLICATION_FEED: 'false' }).replicationFeed).toBe(false)
    expect(loadConfig({ REPLICATION_FEED: 'on' }).replicationFeed).toBe(true)
    expect(() => loadConfig({ REPLICATION_FEED: 'maybe' })).toThrow(/REPLICATION_FEED/)
  })

  it('off: the feed and its stream answer 404 in the envelope, the rest of the API still answers', async () => {
    for (const path of [`${FEED_PATH}v1/en/products/pull`, `${FEED_PATH}v1/en/categories/pull?limit=5`, `${FEED_PATH}v1/en/stream`]) {
      const res = await server.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(404)
      expect(res.json()).toMatchObject({ code: 404 })
    }
    const search = await server.app.inject({ method: 'POST', url: `/api/catalog/${INDEX}/product/_search?size=1`, payload: { _appliedFilters: [] } })
    expect(search.statusCode).toBe(200)
  })
})
