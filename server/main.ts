/**
 * `npm run serve`: one process for the whole shop. Opens storage (migrations run), seeds the demo
 * shop on first start, then listens. The first lines printed say where the shop is and what
 * storage it uses.
 */
import { buildApp } from './app'
import { loadConfig } from './config'
import { importShop } from './services/catalog-import'
import { openStorage } from './storage'
import { warmUpCatalogue } from './warm-up'
import type { DemoShop } from './seed/demo-shop'
import type { demoCustomers as DemoCustomers, seedCustomers as SeedCustomers } from './seed/customers'
import type { seedDemoGiftCards as SeedDemoGiftCards } from './seed/giftcards'

/** Seeds the demo shop into an empty catalogue (main has already asked whether it is). */
async function seedDemoShop(storage: Awaited<ReturnType<typeof openStorage>>): Promise<void> {
  let generate: ((options?: { products?: number; seed?: number }) => DemoShop) | undefined
  try {
    const specifier = './seed/generate' // a variable: the seed is optional for the server to start
    generate = ((await import(specifier)) as { generateDemoShop?: typeof generate }).generateDemoShop
  } catch (err) {
    console.warn(`The catalogue is empty and the demo shop generator could not be loaded: ${(err as Error).message}`)
    return
  }
  if (!generate) return
  let summary
  try {
    summary = await importShop(storage, generate())
    const giftcards = './seed/giftcards'
    await ((await import(giftcards)) as { seedDemoGiftCards: typeof SeedDemoGiftCards }).seedDemoGiftCards(storage)
    const customers = './seed/customers'
    const { demoCustomers, seedCustomers } = (await import(customers)) as { demoCustomers: typeof DemoCustomers; seedCustomers: typeof SeedCustomers }
    await seedCustomers(storage, demoCustomers())
  } catch (err) {
    // the API still works without a catalogue (carts, health); say why the shop is empty
    console.error(`Seeding the demo shop failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
    return
  }
  console.log(`Seeded the demo shop: ${summary.storeViews.en.products} products in each of the 4 store views (${summary.durationMs} ms)`)
}

async function main(): Promise<void> {
  const config = loadConfig()
  const storage = await openStorage(config)
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  const app = await buildApp({ config, storage })
  // a stocked catalogue is warmed before opening; an empty one gets the demo shop after it
  const stocked = await storage.products.hasLive()
  if (stocked) {
    const warm = await warmUpCatalogue(app, storage)
    console.log(
      `Warmed the catalogue in ${warm.ms} ms (${warm.pageReads} pages read, ${warm.categoryRows} categories' facet rows kept)${warm.failed > 0 ? ` (${warm.failed} of its steps failed)` : ''}`,
    )
  }
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  console.log(`Polder is open at http://${shown}:${port}/en/ (French store view also at http://fr.${shown}:${port}/)`)
  console.log(`Storage: ${storage.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : storage.description}`)
  if (config.standIns.length > 0) console.log(`Stand-ins in use: ${config.standIns.join('; ')}`)
  if (!stocked) await seedDemoShop(storage)

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
