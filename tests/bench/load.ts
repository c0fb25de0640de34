/**
 * Requests per second of the category query with facets, under load from autocannon (run in this
 * process, so on a 2-core machine it shares the CPU with the server: the figure is a floor).
 *
 * Every request is a query the server has not answered before (category × page size × offset), so
 * each one runs in the database: the server's answer cache would otherwise answer all but the first
 * few, and the figure would say nothing about PostgreSQL or PGlite. Latency percentiles come from
 * autocannon's per-response times (its own histogram has no p95).
 */
import autocannon from 'autocannon'
import { categoryQueryBody, type ListingAsk } from './category-query'
import { percentile } from './stats'

export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p95: number
  requests: number
  /** what went wrong, e.g. "12 × 503, 3 time-outs"; empty when every answer was a 2xx */
  failures: string
}

function describeFailures(result: autocannon.Result): string {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, stat]) => `${stat.count ?? 0} × ${code}`)
  const errors = result.errors - result.timeouts
  return [...codes, ...(result.timeouts ? [`${result.timeouts} time-outs`] : []), ...(errors > 0 ? [`${errors} connection errors`] : [])].join(', ')
}

/**
 * `include` and `encoding`: how each page is asked for (category-query's ListingAsk; STOREFRONT_ASK as
 * the storefront asks); no encoding by default: the answer's bytes as they are.
 * `repeat`: one category page asked again and again by browsers that take brotli, the answer cache's
 * and its compressed bytes' case (a popular category between two catalogue changes), not the database's.
 */
export function loadCategoryQuery(
  base: string,
  categoryIds: number[],
  seconds = 10,
  connections = 10,
  options: ListingAsk & { repeat?: boolean } = {},
): Promise<LoadFigures> {
  let counter = 0
  const times: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const i = counter++
              if (options.repeat)
                return {
                  ...request,
                  path: '/api/catalog/polder_en/product/_search?size=50&from=0',
                  headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
                  body: JSON.stringify(categoryQueryBody(categoryIds[0]!)),
                }
              const categoryId = categoryIds[i % categoryIds.length]!
              const size = 12 + (Math.floor(i / categoryIds.length) % 40)
              const from = (Math.floor(i / (categoryIds.length * 40)) % 100) * 6
              return {
                ...request,
                path: `/api/catalog/polder_en/product/_search?size=${size}&from=${from}${options.include ? `&_source_include=${options.include.join(',')}` : ''}`,
                headers: { 'content-type': 'application/json', ...(options.encoding ? { 'accept-encoding': options.encoding } : {}) },
                body: JSON.stringify(categoryQueryBody(categoryId)),
              }
            },
          },
        ],
      },
      (error: unknown, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
          return
        }
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          requests: result.requests.total,
          failures: describeFailures(result),
        })
      },
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
}
