/**
 * `npm run serve`: one process for the whole shop. Opens storage (migrations run), then opens the
 * shop (open-shop.ts): on a fresh data directory it listens at once, says it is seeding the demo
 * shop and answers 503 until that is done. The lines printed say where the shop is, what storage it
 * uses, and when it is open.
 */
import { buildApp } from './app'
import { loadConfig } from './config'
import { importShop } from './services/catalog-import'
import { createShopReadiness } from './http/shop-preparing'
import { openShop } from './open-shop'
import { openStorage } from './storage'
import type { DemoShop } from './seed/demo-shop'
import type { demoCustomers as DemoCustomers, seedCustomers as SeedCustomers } from './seed/customers'
import type { seedDemoGiftCards as SeedDemoGiftCards } from './seed/giftcards'

/** Seeds the demo shop into an empty catalogue (main has already asked whether it is). */
async function seedDemoShop(storage: Awaited<ReturnType<typeof openStorage>>, progress: (line: string) => void): Promise<void> {
  let generate: ((options?: { products?: number; seed?: number }) => DemoShop) | undefined
  try {
    const specifier = './seed/generate' // a variable: the seed is optional for the server to start
    generate = ((await import(specifier)) as { generateDemoShop?: typeof generate }).generateDemoShop
  } catch (err) {
    progress(`The catalogue is empty and the demo shop generator could not be loaded: ${(err as Error).message}`)
    return
  }
  if (!generate) return
  const started = performance.now()
  const shop = generate()
  progress(`  generated ${shop.catalog.en.products.length} products per store view (${Math.round(performance.now() - started)} ms); importing …`)
  const summary = await importShop(storage, shop, new Date(), (code, view) =>
    progress(`  store view ${code}: ${view.products} products, ${view.categories} categories (${Math.round(performance.now() - started)} ms)`),
  )
  const giftcards = './seed/giftcards'
  await ((await import(giftcards)) as { seedDemoGiftCards: typeof SeedDemoGiftCards }).seedDemoGiftCards(storage)
  const customers = './seed/customers'
  const { demoCustomers, seedCustomers } = (await import(customers)) as { demoCustomers: typeof DemoCustomers; seedCustomers: typeof SeedCustomers }
  await seedCustomers(storage, demoCustomers())
  progress(`Seeded the demo shop: ${summary.storeViews.en.products} products in each of the 4 store views (${summary.durationMs} ms)`)
}

async function main(): Promise<void> {
  const config = loadConfig()
  const storage = await openStorage(config)
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  // an empty catalogue (a fresh data directory) is seeded after listening, answered 503 until then
  const readiness = createShopReadiness((await storage.products.hasLive()) ? 'ok' : 'seeding')
  const app = await buildApp({ config, storage, readiness })
  await openShop({
    app,
    storage,
    readiness,
    log: (line) => console.log(line),
    listen: async () => {
      await app.listen({ port: config.port, host: config.host })
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : config.port
      console.log(`Storage: ${storage.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : storage.description}`)
      console.log(`Request limits: ${config.redisUrl ? 'counted in Redis (REDIS_URL), shared by every process' : 'counted in this process'}`)
      if (config.standIns.length > 0) console.log(`Stand-ins in use: ${config.standIns.join('; ')}`)
      return `http://${shown}:${port}`
    },
    seed: (progress) => seedDemoShop(storage, progress),
  })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal}: closing Polder`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.close()
      await storage.close()
      process.exit(0)
    } catch (err) {
      console.error(err)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `${err.name}: ${err.message}` : err)
  process.exit(1)
})
