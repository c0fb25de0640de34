/** The PostgreSQL text-search configuration of each store view's language (stemming). */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'

export type TextSearchConfig = 'english' | 'dutch' | 'french'

export function textSearchConfig(storeCode: StoreCode): TextSearchConfig {
  const dictionary = STORE_VIEWS[storeCode].dictionary
  return dictionary === 'nl' ? 'dutch' : dictionary === 'fr' ? 'french' : 'english'
}
