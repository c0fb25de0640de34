/**
 * openStorage: PGlite (embedded, default; `memory://` for tests) or PostgreSQL (DATABASE_URL),
 * behind the same Drizzle executor, the same migrations and the same repositories.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS, type Config } from '../config'
import { createBannerRepository, createInfoBannerRepository } from './banner-repository'
import { createAttributeRepository, createCategoryRepository } from './category-repository'
import { createCartRepository } from './cart-repository'
import { createCmsRepository } from './cms-repository'
import { createCouponRepository } from './coupon-repository'
import { createCustomerRepository } from './customer-repository'
import { createGiftCardIssueRepository } from './giftcard-issue-repository'
import { createGiftCardRepository } from './giftcard-repository'
import { createNewsletterRepository } from './newsletter-repository'
import { createCatalogSearchRepository } from './catalog-search-repository'
import { createChangeFeed, type ChangeFeed } from './change-feed'
import { wrapDrizzle, type Db, type DrizzleExecutor } from './db'
import { CONSOLE_STORAGE_LOG, StorageOpenError, type OpenedDatabase, type StorageKind, type StorageLog } from './opened-database'
import { openPostgres, POSTGRES_POOL_SIZE } from './postgres'
import type { RelayTimings } from './postgres-change-relay'
import { migrate } from './migrations'
import { createOrderMailRepository } from './order-mail-repository'
import { createOrderRepository } from './order-repository'
import { createPaymentRepository } from './payment-repository'
import { createPriceHistoryRepository } from './price-history-repository'
import { createPrivacyRepository } from './privacy-repository'
import { openPgliteThread } from './pglite-thread'
import { createProductRepository } from './product-repository'
import { createRecommendationRepository } from './recommendation-repository'
import { createReplicationRepository } from './replication-repository'
import { createReturnRepository } from './return-repository'
import { createReviewRepository } from './review-repository'
import { createSandboxPaymentRepository } from './sandbox-payment-repository'
import { createSocialLinkRepository } from './social-link-repository'
import { createStockAlertRepository } from './stock-alert-repository'
import { createStockRepository } from './stock-repository'
import { createTaxRuleRepository } from './tax-rule-repository'
import { runUpkeep, type UpkeepStep } from './upkeep'
import { createUrlRepository } from './url-repository'

export type { StorageKind, StorageLog } from './opened-database'
export { StorageOpenError } from './opened-database'

function repositories(db: Db, options: RepositoryOptions = {}) {
  return {
    products: createProductRepository(db),
    priceHistory: createPriceHistoryRepository(db),
    categories: createCategoryRepository(db),
    attributes: createAttributeRepository(db),
    cms: createCmsRepository(db),
    banners: createBannerRepository(db),
    infoBanners: createInfoBannerRepository(db),
    taxRules: createTaxRuleRepository(db),
    stock: createStockRepository(db),
    carts: createCartRepository(db),
    coupons: createCouponRepository(db),
    giftcards: createGiftCardRepository(db),
    giftcardIssues: createGiftCardIssueRepository(db),
    orders: createOrderRepository(db),
    catalogSearch: createCatalogSearchRepository(db, { concurrentReads: options.concurrentCatalogReads }),
    replication: createReplicationRepository(db),
    urls: createUrlRepository(db),
    recommendations: createRecommendationRepository(db),
    payments: createPaymentRepository(db),
    orderMails: createOrderMailRepository(db),
    sandboxPayments: createSandboxPaymentRepository(db),
    customers: createCustomerRepository(db),
    newsletter: createNewsletterRepository(db),
    privacy: createPrivacyRepository(db),
    socialLinks: createSocialLinkRepository(db),
    stockAlerts: createStockAlertRepository(db),
    reviews: createReviewRepository(db),
    returns: createReturnRepository(db),
  }
}
export type Repositories = ReturnType<typeof repositories>

interface RepositoryOptions {
  /** catalogue reads holding a connection at once (unbounded unless set) */
  concurrentCatalogReads?: number
}

/** PostgreSQL: catalogue reads leave two of the pool's connections to everything else. */
function repositoryOptions(kind: StorageKind): RepositoryOptions {
  return kind === 'postgres' ? { concurrentCatalogReads: Math.max(1, POSTGRES_POOL_SIZE - 2) } : {}
}

export interface Storage extends Repositories {
  kind: StorageKind
  /** where the data lives, for the start-up banner */
  description: string
  changes: ChangeFeed
  /** runs `fn` with repositories bound to one transaction */
  transaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T>
  /**
   * VACUUM ANALYZE of the catalogue's tables (after an import): fresh planner statistics, the
   * replaced catalogue's dead rows reclaimed (PGlite has no autovacuum: they would stay for good) and
   * the visibility map set, so the listing walk's index-only scan of product_categories reads no
   * product_categories row. Runs outside any transaction.
   */
  vacuumCatalog(): Promise<void>
  /**
   * PGlite, which has no autovacuum: vacuums and analyzes the tables that autovacuum's rules say are
   * due (./upkeep), every table on the first call after the open, and answers what it did.
   * PostgreSQL: nothing (autovacuum does it).
   */
  upkeep(): Promise<UpkeepStep[]>
  /** where connection losses and recoveries are logged from now on (the server's log) */
  useLog(log: StorageLog): void
  close(): Promise<void>
}

export type StorageOptions = Pick<Config, 'databaseUrl' | 'dataDir'> &
  Partial<Pick<Config, 'databaseConnectTimeoutMs'>> & {
    /** where connection losses and recoveries are logged until useLog names another (default: the console) */
    log?: StorageLog
    /** the change feed's LISTEN back-off and ping (tests shorten them) */
    relay?: Partial<RelayTimings>
  }

function openDriver(config: StorageOptions, log: () => StorageLog): Promise<OpenedDatabase> {
  if (!config.databaseUrl) return openPglite(config.dataDir)
  return openPostgres(config.databaseUrl, {
    connectTimeoutMs: config.databaseConnectTimeoutMs ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
    log,
    relay: config.relay,
  })
}

/** The bare database behind a Storage, without migrations or repositories (tests of the SQL seam). */
export async function openDatabase(config: StorageOptions): Promise<{ db: Db; kind: StorageKind; close(): Promise<void> }> {
  const opened = await openDriver(config, () => config.log ?? CONSOLE_STORAGE_LOG)
  return { db: wrapDrizzle(opened.executor, { interruptible: opened.kind === 'postgres' }), kind: opened.kind, close: opened.close }
}

export async function openStorage(config: StorageOptions): Promise<Storage> {
  let log = config.log ?? CONSOLE_STORAGE_LOG
  const opened = await openDriver(config, () => log)
  const db = wrapDrizzle(opened.executor, { interruptible: opened.kind === 'postgres' })
  const changes = createChangeFeed()
  let upkeptSinceOpen = false
  try {
    await migrate(db)
    await opened.connectChanges?.(changes)
  } catch (err) {
    await opened.close()
    throw err
  }
  return {
    ...repositories(db, repositoryOptions(opened.kind)),
    kind: opened.kind,
    description: opened.description,
    changes,
    transaction: (fn) => db.transaction((tx) => fn(repositories(tx, repositoryOptions(opened.kind)))),
    vacuumCatalog: async () => {
      await db.query(sql`VACUUM (ANALYZE) products, product_categories, categories, attributes, stock, url_rewrites, tax_rules, coupons`)
    },
    upkeep: async () => {
      if (opened.kind !== 'pglite') return []
      // PGlite's statistics start empty at every open: the first look that gets through vacuums every table
      const steps = await runUpkeep(db, { countsLost: !upkeptSinceOpen })
      upkeptSinceOpen = true
      return steps
    },
    useLog: (next) => {
      log = next
    },
    close: opened.close,
  }
}

async function openPglite(dataDir: string): Promise<OpenedDatabase> {
  const { drizzle } = await import('drizzle-orm/pglite')
  const inMemory = dataDir.startsWith('memory://')
  const dir = inMemory ? dataDir : join(dataDir, 'pglite')
  try {
    if (!inMemory) mkdirSync(dir, { recursive: true })
    // on a thread of its own, with the catalogue search's extensions (migration 4)
    const client = await openPgliteThread(dir)
    // Drizzle's PGlite and node-postgres databases share execute/transaction; their generic types
    // differ, and the thread's client is the part of PGlite's that Drizzle's driver calls
    const executor = drizzle({ client: client as unknown as PGlite }) as unknown as DrizzleExecutor
    return {
      kind: 'pglite',
      description: inMemory ? 'PGlite in memory' : `PGlite in ${dataDir.replace(/\/+$/, '')}/pglite`,
      executor,
      close: () => client.close(),
    }
  } catch (err) {
    throw new StorageOpenError(`Could not open PGlite in ${dir}: ${(err as Error).message}`)
  }
}
