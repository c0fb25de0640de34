/**
 * The server's start once storage and app are built (server/main.ts). A stocked catalogue is warmed
 * and then the server listens: it is open. An empty one (a fresh data directory) is seeded while
 * the server already listens in its `seeding` state (http/shop-preparing.ts: every request but
 * GET /api/health is answered 503), and the shop is said to be open only once the seed is done,
 * so nobody is sent to a shop that has nothing to show yet. A failed seed opens the shop all the
 * same, empty (carts and the health check work without a catalogue), with the failure in the log.
 */
import type { FastifyInstance } from 'fastify'
import type { ShopReadiness } from './http/shop-preparing'
import type { Storage } from './storage'
import { warmUpCatalogue } from './warm-up'

export interface OpenShopSteps {
  app: FastifyInstance
  storage: Storage
  readiness: ShopReadiness
  /** starts listening; answers the shop's address (`http://localhost:3000`) */
  listen(): Promise<string>
  /** fills the empty catalogue; tells its progress in lines for the log */
  seed(progress: (line: string) => void): Promise<void>
  log(line: string): void
}

export async function openShop({ app, storage, readiness, listen, seed, log }: OpenShopSteps): Promise<void> {
  if (readiness.state === 'ok') {
    const warm = await warmUpCatalogue(app, storage)
    log(
      `Warmed the catalogue in ${warm.ms} ms (${warm.pageReads} pages read, ${warm.categoryRows} categories' facet rows kept)${warm.failed > 0 ? ` (${warm.failed} of its steps failed)` : ''}`,
    )
  }
  const address = await listen()
  if (readiness.state === 'seeding') {
    log(`Polder is seeding the demo shop into the empty catalogue: until it is ready, ${address} answers 503 and ${address}/api/health says "seeding"`)
    try {
      await seed(log)
    } catch (err) {
      log(`Seeding the demo shop failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
    } finally {
      readiness.open()
    }
  }
  log(`Polder is open at ${address}/en/ (French store view also at ${address.replace('://', '://fr.')}/)`)
}
