/**
 * The API figures of the bench on an already running shop (no seed, no build): the category query
 * with facets one at a time (each a new query), then under load. `tsx tests/bench/api-only.ts http://localhost:3000 [seconds]`;
 * last, one category page asked again and again with brotli (the answer cache's own figure).
 * LIGHT=1 asks the load's pages with the light fields, ENCODING=… sends that Accept-Encoding.
 */
import { categoryQueryBody, listedCategoryIds, newListings, timedCategoryQuery } from './category-query'
import { loadCategoryQuery } from './load'
import { percentile } from './stats'
import { LIGHT_PRODUCT_FIELDS } from '../../domain/api/replication.schema'

const base = process.argv[2] ?? 'http://localhost:3000'
const seconds = Number(process.argv[3] ?? 10)
const offset = Number(process.argv[4] ?? 0)
const ids = await listedCategoryIds(base)
const fresh = await newListings(base, ids)
console.log(`new listings (a category and a colour not asked before, n ${fresh.n}): p50 ${fresh.p50.toFixed(1)} ms, p95 ${fresh.p95.toFixed(1)} ms`)
const cold: number[] = []
for (let i = 0; i < 200; i++) {
  cold.push((await timedCategoryQuery(base, categoryQueryBody(ids[i % ids.length]!), 18 + Math.floor(i / ids.length) + offset)).elapsed)
}
const c = cold.slice(20)
console.log(
  `categories ${ids.length}; new pages of those listings, one at a time: p50 ${percentile(c, 50).toFixed(1)} ms, p95 ${percentile(c, 95).toFixed(1)} ms`,
)
if (seconds > 0) {
  const load = await loadCategoryQuery(base, ids, seconds, 10, {
    include: process.env.LIGHT ? LIGHT_PRODUCT_FIELDS : undefined,
    encoding: process.env.ENCODING,
  })
  console.log(
    `under load: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms (${load.requests} requests) ${load.failures}`,
  )
}
if (seconds > 0) {
  const repeated = await loadCategoryQuery(base, ids, seconds, 10, { repeat: true })
  console.log(
    `one category page repeated (cached, brotli): ${Math.round(repeated.requestsPerSecond)} req/s, p50 ${repeated.p50.toFixed(1)} ms, p95 ${repeated.p95.toFixed(1)} ms ${repeated.failures}`,
  )
}
