/**
 * `npm run seed [-- --products N] [-- --seed N] [-- --fixtures path.json]`: plans the demo shop
 * (or loads a developer's fixture file) and imports it into the configured storage (PGlite in
 * DATA_DIR, or PostgreSQL when DATABASE_URL is set). The demo shop's products are rendered one store
 * view at a time while they are imported, so 100,000 products fit in Node's default heap. Prints what it did; on failure prints the
 * error message and exits non-zero, so scripts and CI can rely on the exit code.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { importShop } from '../services/catalog-import'
import { openStorage } from '../storage'
import type { DemoShop, ShopSource } from './demo-shop'
import { loadFixtureFile } from './fixtures'
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, planDemoShop, type DemoShopPlan } from './generate'
import { demoCustomers, seedCustomers } from './customers'
import { seedDemoGiftCards } from './giftcards'

class SeedUsageError extends Error {
  override name = 'SeedUsageError'
}

const USAGE = 'usage: npm run seed -- [--products N] [--seed N] | [--fixtures path.json]'

interface SeedArgs {
  products: number
  seed: number
  fixtures?: string
}

function integerOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^-?\d+$/.test(value)) throw new SeedUsageError(`--${name} must be a whole number, got "${value}"\n${USAGE}`)
  return Number(value)
}

function parseSeedArgs(argv: readonly string[]): SeedArgs {
  let values: { products?: string; seed?: string; fixtures?: string }
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      options: { products: { type: 'string' }, seed: { type: 'string' }, fixtures: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new SeedUsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  }
  // A fixture file is the whole catalogue: generator options next to it would be silently ignored.
  if (values.fixtures !== undefined && (values.products !== undefined || values.seed !== undefined)) {
    throw new SeedUsageError(`--fixtures cannot be combined with --products or --seed\n${USAGE}`)
  }
  return {
    products: integerOption(values.products, 'products', DEFAULT_PRODUCT_COUNT),
    seed: integerOption(values.seed, 'seed', DEFAULT_SEED),
    ...(values.fixtures !== undefined ? { fixtures: values.fixtures } : {}),
  }
}

function describeShop(shop: DemoShop | DemoShopPlan): string {
  const en = 'catalog' in shop ? shop.catalog.en : null
  const counts =
    'counts' in shop
      ? shop.counts
      : {
          products: en?.products.length ?? 0,
          children: en?.products.reduce((sum, p) => sum + (p.configurable_children?.length ?? 0), 0) ?? 0,
          categories: en?.categories.length ?? 0,
          attributes: en?.attributes.length ?? 0,
        }
  return `${counts.products} products (+${counts.children} configurable children), ${counts.categories} categories, ${counts.attributes} attributes per store view; ${shop.taxRules.length} tax rules`
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2))
  const started = performance.now()
  const shop: DemoShop | DemoShopPlan = args.fixtures ? loadFixtureFile(args.fixtures) : planDemoShop({ products: args.products, seed: args.seed })
  const source = args.fixtures ? `fixture file ${args.fixtures}` : `demo shop (seed ${args.seed})`
  console.log(`${args.fixtures ? 'Read' : 'Planned'} ${source} in ${Math.round(performance.now() - started)} ms: ${describeShop(shop)}`)

  const config = loadConfig()
  const storage = await openStorage(config)
  try {
    const summary = await importShop(storage, shop satisfies DemoShop | ShopSource)
    await seedDemoGiftCards(storage)
    const customers = await seedCustomers(storage, ('customers' in shop && shop.customers) || demoCustomers())
    for (const [code, view] of Object.entries(summary.storeViews)) {
      console.log(
        `  ${code}: ${view.products} products, ${view.categories} categories, ${view.attributes} attributes (${view.written} written, ${view.deleted} deleted)`,
      )
    }
    console.log(`Imported into ${storage.description} in ${summary.durationMs} ms: ${summary.taxRules} tax rules, ${summary.stockRows} stock rows`)
    console.log(`  customers: ${customers.created} created with ${customers.orders} past orders, ${customers.kept} already there (kept as they are)`)
  } finally {
    await storage.close()
  }
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
