/**
 * The SQL of a product text search: which rows the shopper's words match and how well (0..1), over
 * the weighted search_vector and the folded search_name of migration 4.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { CatalogQuery } from './catalog-query'

/**
 * Scoring. Full text (ts_rank normalised to 0..1, name weighted above skus, categories
 * and descriptions) is always blended with the trigram similarity of the name (pg_trgm's
 * word_similarity, 0..1), as the storefront's multi_match does with fuzziness: a typo (`jaket`), a
 * word the stemmer splits differently (`fiets` → fiet, `fietsen` → fiets) or the start of a Dutch
 * compound still finds the name. The weights add up to 1, so the score stays within 0..1.
 */
const FULL_TEXT_WEIGHT = 0.6
const TRIGRAM_WEIGHT = 0.4
/** the word similarity from which a name counts as a match; `jaket` ~ jacket is 0.44 */
export const TRIGRAM_THRESHOLD = 0.4
/** below three characters a word has too few trigrams to tell a typo from noise */
const MIN_TRIGRAM_QUERY = 3

export interface TextMatch {
  /** rows the text matches (an indexable condition) */
  match: SQL
  /** 0..1 */
  score: SQL
  trigram: boolean
}

export function textMatch(text: NonNullable<CatalogQuery['text']>, trigram: boolean): TextMatch {
  const tsQuery = sql`websearch_to_tsquery(${text.config}::regconfig, ${text.query})`
  // flag 32: rank / (rank + 1), into 0..1
  const fullText = sql`ts_rank(search_vector, ${tsQuery}, 32)::float8`
  // the names are compared with the wanted words only: not with `-excluded` ones, quotes or `or`
  const wanted = text.query
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && !w.startsWith('-') && w.toLowerCase() !== 'or')
    .join(' ')
  const excluded = text.query
    .split(/\s+/)
    .filter((w) => w.length > 1 && w.startsWith('-'))
    .map((w) => w.slice(1).replace(/"/g, ''))
  const useTrigram = trigram && wanted.length >= MIN_TRIGRAM_QUERY
  if (!useTrigram) return { match: sql`search_vector @@ ${tsQuery}`, score: fullText, trigram: false }
  // polder_fold: lower case without accents, as search_name holds the name (trigram index)
  const words = sql`polder_fold(${wanted})`
  const name = sql`search_name`
  // a name close to the wanted words still honours the shopper's exclusions
  const notExcluded = excluded.length > 0 ? sql` AND NOT (search_vector @@ websearch_to_tsquery(${text.config}::regconfig, ${excluded.join(' or ')}))` : sql``
  return {
    match: sql`(search_vector @@ ${tsQuery} OR (${words} <% ${name}${notExcluded}))`,
    score: sql`(${sql.raw(String(FULL_TEXT_WEIGHT))} * ${fullText} + ${sql.raw(String(TRIGRAM_WEIGHT))} * word_similarity(${words}, ${name})::float8)`,
    trigram: true,
  }
}
