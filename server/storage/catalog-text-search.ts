/**
 * A product search with the shopper's words, read in pieces as listings are (catalog-pieces.ts).
 *
 * The words are matched through their indexes (the text vector, the name's trigrams), but a common
 * word matches a good part of a big shop, and each match is scored, filtered on its JSON, counted
 * and sorted: one statement over all of them holds PGlite's one connection for as long as the shop
 * is big. Here:
 * 1. the matches and their scores are taken range of ids by range of ids (the indexes and the
 *    key's range together), each range sized by how long the last one held the database;
 * 2. their facets are counted, and a page in an asked-for order is found, a piece of matches at
 *    a time; relevance order is sorted here, from the scores;
 * 3. the page's documents are read by id, in pieces.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { CatalogQuery, CatalogResult, FacetCounts } from './catalog-query'
import { countTerms } from './catalog-counts'
import { addCounts, emptyCounts, nextPieceRows, PIECE_ROWS, readProducts, type PieceRows } from './catalog-pieces'
import { baseWhere, sortSql } from './catalog-sql'
import type { Db } from './db'
import { timedHold } from './query-priority'
import { sqlArray } from './sql-helpers'
import type { TextMatch } from './text-match'

interface Match {
  id: number
  score: number
  price: number | null
}

/** how many more ids than rows a range of the first piece spans (ids have gaps) */
const IDS_PER_ROW = 4

/** The matches scoring at least `minScore`, in ranges of the store view's ids. */
async function matchesInRanges(db: Db, q: CatalogQuery, text: TextMatch, minScore: number, limits: PieceRows): Promise<Match[]> {
  const [bounds] = await db.query<{ lo: number | null; hi: number | null }>(
    sql`SELECT min(id) AS lo, max(id) AS hi FROM products WHERE store_code = ${q.storeCode}`,
  )
  if (bounds?.lo === null || bounds?.lo === undefined || bounds.hi === null) return []
  const where = sql.join([...baseWhere(q), text.match], sql` AND `)
  const spans = { first: limits.first * IDS_PER_ROW, min: limits.min, max: Number.MAX_SAFE_INTEGER }
  const matches: Match[] = []
  let span = spans.first
  // (after, upTo]: ids are 32-bit, so the bounds stay within the store view's own
  for (let after = Number(bounds.lo) - 1; after < Number(bounds.hi);) {
    const upTo = Math.min(Number(bounds.hi), after + span)
    const { value, heldMs } = await timedHold(() =>
      db.query<Match>(sql`
        SELECT id, score, price FROM (
          SELECT id, ${text.score} AS score, final_price_incl_tax AS price FROM products WHERE ${where} AND id > ${after} AND id <= ${upTo}
        ) AS m WHERE score >= ${minScore}::float8`),
    )
    for (const m of value) matches.push({ id: Number(m.id), score: Number(m.score), price: m.price === null ? null : Number(m.price) })
    after = upTo
    span = nextPieceRows(span, heldMs, spans)
  }
  return matches
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size))
  return out
}

/** The first `keep` matches in the asked-for order (relevance breaks ties), a piece of matches at a time. */
async function sortedMatches(db: Db, q: CatalogQuery, matches: readonly Match[], keep: number, piece: number): Promise<Match[]> {
  const order: SQL[] = q.sort.map((s) => sql`${sortSql(q, s.field, sql`m.score`)} ${sql.raw(s.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`)
  let kept: Match[] = []
  for (const chunk of chunks(matches, piece)) {
    const candidates = [...kept, ...chunk]
    const byId = new Map(candidates.map((m) => [m.id, m]))
    const ranked = await db.query<{ id: number }>(sql`
      SELECT id FROM products JOIN unnest(${sqlArray(
        candidates.map((m) => m.id),
        'int',
      )}, ${sql`${`{${candidates.map((m) => m.score).join(',')}}`}::float8[]`}) AS m(match_id, score) ON id = m.match_id
      WHERE store_code = ${q.storeCode} ORDER BY ${sql.join(order, sql`, `)}, m.score DESC, id ASC LIMIT ${keep}`)
    kept = ranked.flatMap((r) => byId.get(Number(r.id)) ?? [])
  }
  return kept
}

export async function searchTextInPieces(db: Db, q: CatalogQuery, text: TextMatch, minScore: number, limits: PieceRows = PIECE_ROWS): Promise<CatalogResult> {
  const matches = await matchesInRanges(db, q, text, minScore, limits)
  const total = matches.length
  const { facets } = emptyCounts(q)
  facets.priceRanges = q.priceRanges.map((r) => matches.filter((m) => m.price !== null && m.price >= r.from && (r.to === undefined || m.price < r.to)).length)
  if (total === 0) return { total, hits: [], facets }
  // the matches counted and sorted per statement
  const piece = limits.first
  if (q.facetFields.length > 0) {
    for (const chunk of chunks(matches, piece)) {
      const found: FacetCounts = { terms: {}, priceRanges: [] }
      await countTerms(
        db,
        q,
        sql`products`,
        sql`store_code = ${q.storeCode} AND id = ANY(${sqlArray(
          chunk.map((m) => m.id),
          'int',
        )})`,
        found,
      )
      addCounts({ total: 0, facets }, { total: 0, facets: found })
    }
  }

  if (q.size <= 0 || q.from >= total) return { total, hits: [], facets }
  const keep = q.from + q.size
  let page: Match[]
  if (q.sort.length === 0) {
    // relevance order, best first; the id keeps equal scores in a stable order across pages
    page = [...matches].sort((a, b) => b.score - a.score || a.id - b.id).slice(q.from, keep)
  } else {
    page = (await sortedMatches(db, q, matches, keep, piece)).slice(q.from)
  }
  const docs = new Map(
    (
      await readProducts(
        db,
        q.storeCode,
        page.map((m) => m.id),
        q,
      )
    ).map(({ id, ...hit }) => [id, hit]),
  )
  return {
    total,
    hits: page.flatMap((m) => {
      const hit = docs.get(m.id)
      return hit ? [{ ...hit, score: m.score }] : []
    }),
    facets,
  }
}
