/**
 * A listing's total, price ranges and facets, counted in SQL over the rows `whereSql` selects.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { CatalogQuery, FacetCounts, KnownCounts } from './catalog-query'
import { source, termFieldsOf } from './catalog-sql'
import type { Db } from './db'
import { addTermCounts } from './facet-terms'
import { pgPath, sqlArray } from './sql-helpers'

/** Terms facets: from facet_terms in one scan where possible, else from the JSON values. */
export async function countTerms(db: Db, q: CatalogQuery, table: SQL, whereSql: SQL, facets: FacetCounts): Promise<void> {
  for (const f of q.facetFields) facets.terms[f] = new Map()
  const termFields = termFieldsOf(q)
  if (termFields.length > 0) {
    const rows = await db.query<{ t: string; n: number }>(sql`
      SELECT t, count(*)::int AS n FROM ${table}, unnest(facet_terms) AS t
      WHERE ${whereSql} AND split_part(t, '=', 1) = ANY(${sqlArray(termFields, 'text')}) GROUP BY t`)
    addTermCounts(facets, rows)
  }
  await countJsonFacets(db, q, table, whereSql, facets)
}

/** The facets on fields facet_terms does not hold, counted from the JSON values. */
export async function countJsonFacets(db: Db, q: CatalogQuery, table: SQL, whereSql: SQL, facets: FacetCounts): Promise<void> {
  const termFields = termFieldsOf(q)
  for (const f of q.facetFields.filter((x) => !termFields.includes(x))) {
    const value = sql`(${source(q.entity, f)} #> ${pgPath(f)}::text[])`
    const rows = await db.query<{ v: unknown; n: number }>(sql`
      SELECT v, count(DISTINCT ${sql.raw(q.entity === 'taxrule' ? 'id' : '(store_code, id)')})::int AS n FROM ${table},
        jsonb_array_elements(CASE jsonb_typeof(${value}) WHEN 'array' THEN ${value} WHEN 'object' THEN '[]'::jsonb
          ELSE jsonb_build_array(${value}) END) AS v
      WHERE ${whereSql} AND jsonb_typeof(v) IN ('number', 'string', 'boolean') GROUP BY v`)
    for (const r of rows) {
      const key = typeof r.v === 'number' || typeof r.v === 'string' ? r.v : String(r.v)
      facets.terms[f]?.set(key, Number(r.n))
    }
  }
}

/**
 * Count (with price ranges) and facets of a listing, in SQL. Products whose facets are all terms
 * are counted in one scan of the matching rows (price and terms, counted twice from it): two
 * scans of a category cost twice what one does.
 */
export async function counts(db: Db, q: CatalogQuery, table: SQL, whereSql: SQL): Promise<KnownCounts> {
  const priceCases = (price: SQL) =>
    q.priceRanges.map((r, i) =>
      r.to === undefined
        ? sql`, count(*) FILTER (WHERE ${price} >= ${r.from})::int AS ${sql.raw(`p${i}`)}`
        : sql`, count(*) FILTER (WHERE ${price} >= ${r.from} AND ${price} < ${r.to})::int AS ${sql.raw(`p${i}`)}`,
    )
  const termFields = termFieldsOf(q)
  if (termFields.length > 0) {
    const noPrices = q.priceRanges.map((_, i) => sql`, NULL::int AS ${sql.raw(`p${i}`)}`)
    const rows = await db.query<Record<string, number | string | null> & { t: string | null; n: number }>(sql`
      WITH m AS MATERIALIZED (SELECT final_price_incl_tax AS price, facet_terms FROM ${table} WHERE ${whereSql})
      SELECT NULL::text AS t, count(*)::int AS n ${sql.join(priceCases(sql`price`), sql``)} FROM m
      UNION ALL
      SELECT t, count(*)::int AS n ${sql.join(noPrices, sql``)} FROM m, unnest(m.facet_terms) AS t
      WHERE split_part(t, '=', 1) = ANY(${sqlArray(termFields, 'text')}) GROUP BY t`)
    const countRow = rows.find((r) => r.t === null) ?? { t: null, n: 0 }
    const total = Number(countRow.n ?? 0)
    const facets: FacetCounts = { terms: {}, priceRanges: q.priceRanges.map((_, i) => Number(countRow[`p${i}`] ?? 0)) }
    for (const f of q.facetFields) facets.terms[f] = new Map()
    addTermCounts(
      facets,
      rows.flatMap((r) => (r.t === null ? [] : [{ t: r.t, n: r.n }])),
    )
    if (total > 0) await countJsonFacets(db, q, table, whereSql, facets)
    return { total, facets }
  }
  const priceSql = priceCases(sql`final_price_incl_tax`)
  const counted = await db.query<Record<string, number>>(
    q.entity === 'product' && priceSql.length > 0
      ? sql`SELECT count(*)::int AS n ${sql.join(priceSql, sql``)} FROM ${table} WHERE ${whereSql}`
      : sql`SELECT count(*)::int AS n FROM ${table} WHERE ${whereSql}`,
  )
  const countRow = counted[0] ?? {}
  const total = Number(countRow.n ?? 0)
  const facets: FacetCounts = { terms: {}, priceRanges: q.priceRanges.map((_, i) => Number(countRow[`p${i}`] ?? 0)) }
  if (q.facetFields.length > 0 && total > 0) await countTerms(db, q, table, whereSql, facets)
  return { total, facets }
}
