/**
 * The PostgreSQL text-search configuration of each store view's language (stemming). These are our
 * copies of PostgreSQL's english / dutch / french (migration 4), with unaccent before the stemmer
 * where the database has it; product vectors and queries must use the same one.
 */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { TextSearchConfig } from '../storage/catalog-query'

export type { TextSearchConfig }

export function textSearchConfig(storeCode: StoreCode): TextSearchConfig {
  const dictionary = STORE_VIEWS[storeCode].dictionary
  return dictionary === 'nl' ? 'polder_dutch' : dictionary === 'fr' ? 'polder_french' : 'polder_english'
}
