/**
 * A fresh data directory's first start: the server listens while the demo shop is seeded, so the
 * port answers at once, but nothing it would answer is true yet (an empty catalogue, a shop page
 * that waits for products). Until the seed is done every request but GET /api/health is answered
 * 503 with Retry-After and never cached: an API call gets the envelope with a message in its store
 * view's language, a page request a small page in the store view's language that reloads itself.
 * The state is one flag in this process: the seed runs in the process that serves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'
import type { ShopState } from '../../domain/api/health.schema'
import { STORE_VIEWS } from '../../domain/store-views'
import { noStore, sendEnvelope } from './envelope'
import { escapeHtml } from './page-head-html'
import { plainPage } from './plain-page'
import { requestStoreCode } from './request-store-view'

loadAllLocales()

/** Seconds a client is asked to wait: a seed is long beside a request, so asking sooner only adds requests. */
export const SEEDING_RETRY_AFTER_SECONDS = 10

export const HEALTH_PATH = '/api/health'

export interface ShopReadiness {
  readonly state: ShopState
  /** the seed is done (or failed: the shop opens on what it has) */
  open(): void
}

export function createShopReadiness(initial: ShopState): ShopReadiness {
  let state = initial
  return {
    get state() {
      return state
    },
    open() {
      state = 'ok'
    },
  }
}

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (request.url.startsWith('/api/') || request.url === '/api') return false
  return (request.headers.accept ?? '').includes('text/html')
}

function sendPreparing(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const storeView = STORE_VIEWS[requestStoreCode(request)]
  const words = i18nObject(storeView.dictionary).serverErrors
  noStore(reply).header('Retry-After', String(SEEDING_RETRY_AFTER_SECONDS))
  if (!wantsPage(request)) return sendEnvelope(reply, 503, words.shopPreparing())
  const main = `<h1>${escapeHtml(words.shopPreparingTitle())}</h1>\n<p>${escapeHtml(words.shopPreparingPage())}</p>`
  return reply
    .code(503)
    .type('text/html; charset=utf-8')
    .send(plainPage(storeView.htmlLang, words.shopPreparingTitle(), main, { refreshSeconds: SEEDING_RETRY_AFTER_SECONDS }))
}

/** The 503 gate; registered before the routes, after the CORS preflight answer. */
export function registerShopPreparing(app: FastifyInstance, readiness: ShopReadiness): void {
  app.addHook('onRequest', async (request, reply) => {
    if (readiness.state === 'ok' || request.url.split('?')[0] === HEALTH_PATH) return
    return sendPreparing(request, reply)
  })
}
