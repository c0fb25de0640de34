import { Agent, request } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { LIGHT_PRODUCT_FIELDS } from '../../domain/api/replication.schema'
import { summary, type Latency } from './stats'
/** The category listing query the shop's category page sends (18 items, colour/size/price facets, price ascending). */
export function categoryQueryBody(categoryId: number) {
  return {
    _appliedFilters: [
      { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
      { attribute: 'status', value: { in: [0, 1] }, scope: 'default' },
      { attribute: 'category_ids', value: { in: [categoryId] }, scope: 'default' },
    ],
    _availableFilters: [
      { field: 'color', scope: 'catalog' },
      { field: 'size', scope: 'catalog' },
      { field: 'price', scope: 'catalog' },
    ],
    _appliedSort: [{ field: 'final_price', options: 'asc' }],
  }
}

/** Ids of the level-2 categories of the en store view (the ones the listings show). */
export async function listedCategoryIds(base: string): Promise<number[]> {
  const res = await fetch(`${base}/api/catalog/polder_en/category/_search?size=100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _appliedFilters: [{ attribute: 'level', value: { eq: 2 } }] }),
  })
  if (!res.ok) throw new Error(`the category list answered ${res.status}: ${(await res.text()).slice(0, 500)}`)
  const body = (await res.json()) as { hits: { hits: { _source: { id: number } }[] } }
  return body.hits.hits.map((h) => h._source.id)
}

/** How a listing is asked for: the whole documents (as the contract's example asks), or as the storefront asks. */
export interface ListingAsk {
  /** `_source_include`: the fields asked for (the storefront asks the light fields) */
  include?: readonly string[]
  /** Accept-Encoding sent (none: gzip and deflate, as Node's fetch sends; autocannon sends none) */
  encoding?: string
}

/** As the storefront's data worker asks a listing's first page (workers/catalog/route-prime): the light fields, in a browser's encodings. */
export const STOREFRONT_ASK: ListingAsk = { include: LIGHT_PRODUCT_FIELDS, encoding: 'gzip, deflate, br' }

/**
 * Listings the server has not seen: each category with one of its options of `facet` (colour or
 * size) as a filter, first page of 18 (up to 180 of them). Nothing of them is kept yet, so each
 * reads its counts and facets, its order and its documents from the database (or from the
 * category's facet rows, once the first listing of that category has read them).
 */
export async function newListings(base: string, ids: readonly number[], facet: 'color' | 'size' = 'color', ask: ListingAsk = {}): Promise<Latency> {
  const timed = (body: object) => timedCategoryQuery(base, body, 18, ask)
  const optionFilter = (option: number | string) => ({ attribute: facet, value: { in: [option] }, scope: 'catalog' })
  const options = await Promise.all(
    ids.map(async (id) => {
      const { answer } = await timed(categoryQueryBody(id))
      const body = JSON.parse(answer) as { aggregations?: Record<string, { buckets?: { key: number | string }[] }> }
      const keys = [`agg_terms_${facet}_options`, `agg_terms_${facet}`].flatMap((agg) => (body.aggregations?.[agg]?.buckets ?? []).map((b) => b.key))
      return [...new Set(keys)]
    }),
  )
  const times: number[] = []
  for (let round = 0; times.length < 180; round++) {
    const asked = times.length
    for (const [i, id] of ids.entries()) {
      const option = options[i]![round]
      if (option === undefined || times.length >= 180) continue
      const body = categoryQueryBody(id)
      times.push((await timed({ ...body, _appliedFilters: [...body._appliedFilters, optionFilter(option)] })).elapsed)
    }
    if (times.length === asked) break
  }
  return summary(times)
}

/** one kept-alive connection for the timed queries, as a browser keeps its connection to the shop */
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

const DECODERS: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }

/**
 * One product search of the en store view, timed from the request to the last byte of the answer,
 * decoded. An error answer throws (it is quick: timing it would flatter the figures).
 *
 * Sent with node:http rather than fetch: fetch's streams cost this client several times what the
 * server takes to send a cached answer, which the figure would charge to the server.
 */
export function timedCategoryQuery(base: string, body: object, size: number, ask: ListingAsk = {}): Promise<{ elapsed: number; answer: string }> {
  const fields = ask.include ? `&_source_include=${ask.include.join(',')}` : ''
  const url = `${base}/api/catalog/polder_en/product/_search?size=${size}&from=0${fields}`
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'accept-encoding': ask.encoding ?? 'gzip, deflate' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          try {
            const raw = Buffer.concat(chunks)
            const decode = DECODERS[String(res.headers['content-encoding'] ?? '')]
            const answer = (decode ? decode(raw) : raw).toString()
            const elapsed = performance.now() - t0
            if (res.statusCode !== 200) throw new Error(`the category query answered ${res.statusCode}: ${answer.slice(0, 500)}`)
            resolve({ elapsed, answer })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}
