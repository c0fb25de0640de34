/** What the UI tells the data worker at start: the store view, the API and the replication mode. */
import type { StoreCode } from '../../domain/store-views'

export type ReplicationMode = 'shopper' | 'kiosk'

export interface WorkerConfig {
  storeCode: StoreCode
  /** origin + prefix of the vue-storefront-api compatible back end, e.g. http://localhost:3000 */
  apiBaseUrl: string
  replicationMode: ReplicationMode
  /**
   * spec §4 "Coming back online", configuration orders.offline_orders.automatic_transmission_enabled:
   * orders placed offline are sent by themselves (default true); false asks the shopper first
   */
  automaticOrderTransmission?: boolean
  /**
   * The category the page load opens, as the server named it in the HTML (a category page without
   * query parameters): a first visit asks the server for its first page at once, beside the
   * catalogue's first pulls, instead of once the categories are in (for LCP)
   */
  firstCategoryId?: number
  /** a shop tablet's pass from its setup screen (kiosk mode only): sent with every call */
  kioskPass?: string
}
