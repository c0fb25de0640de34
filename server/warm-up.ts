/**
 * Warms the catalogue before the server opens (issue 12). On a freshly started server over a big
 * PGlite directory (100,000 products: 6.4 GB) the first catalogue search read its data cold and
 * took seconds (6.6 s measured for the whole-catalogue query); PGlite runs one statement at a
 * time, so the first shoppers' searches waited behind it past their time budget and were answered
 * 503. The same searches are made here first, through the app itself, one per store view: a
 * shopper's first request then finds the caches warm. A small shop warms in milliseconds; an
 * empty one (the demo shop is seeded after opening) has nothing to warm.
 */
import type { FastifyInstance } from 'fastify'
import { STORE_CODES, STORE_VIEWS } from '../domain/store-views'

export interface WarmUpResult {
  ms: number
  /** searches that did not answer 200 (warming goes on: a shopper's later request may still be served) */
  failed: number
}

export async function warmUpCatalogue(app: FastifyInstance): Promise<WarmUpResult> {
  const started = performance.now()
  let failed = 0
  for (const code of STORE_CODES) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/catalog/${STORE_VIEWS[code].index}/product/_search?size=0`,
      payload: { _appliedFilters: [] },
    })
    if (response.statusCode !== 200) failed++
  }
  return { ms: Math.round(performance.now() - started), failed }
}
