/**
 * buildApp: the headless API and the PWA's host. Order as in fastify/demo: infrastructure (CORS,
 * errors, not-found), then services, then routes, one plugin per group of calls.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import compress from '@fastify/compress'
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import { IDEMPOTENCY_KEY_HEADER } from '../domain/api/address-book'
import { KIOSK_PASS_HEADER } from '../domain/api/kiosk.schema'
import { DEFAULT_AUTH, DEFAULT_LIMITS, DEFAULT_VAT_REGISTRY, type Config, type MailConfig } from './config'
import { sendDatabaseUnavailable } from './http/database-unavailable'
import { FAILURE_STATUS, sendEnvelope } from './http/envelope'
import { LimitStoreUnavailableError } from './http/limit-store'
import { REDACT_PATHS, serializeRequest } from './http/log-redaction'
import { registerSecurity } from './http/security'
import { createShopReadiness, registerShopPreparing, type ShopReadiness } from './http/shop-preparing'
import { healthRoutes } from './routes/health'
import { createCatalogAnswers } from './services/catalog-answers'
import { catalogRoutes } from './routes/catalog'
import { cartRoutes } from './routes/cart'
import { giftCardRoutes } from './routes/giftcards'
import { imageRoutes } from './routes/images'
import { newsletterRoutes } from './routes/newsletter'
import { reviewRoutes } from './routes/reviews'
import { orderRoutes } from './routes/orders'
import { paymentRoutes } from './routes/payments'
import { privacyRoutes } from './routes/privacy'
import { recommendationRoutes } from './routes/recommendations'
import { renderListRoutes } from './routes/render-list'
import { replicationRoutes } from './routes/replication'
import { importRoutes } from './routes/import'
import { kioskRoutes } from './routes/kiosk'
import { shopKioskPass } from './http/kiosk-pass'
import { staticRoutes } from './routes/static'
import { stockRoutes } from './routes/stock'
import { stockAlertRoutes } from './routes/stock-alerts'
import { returnRoutes } from './routes/returns'
import { urlRoutes } from './routes/url'
import { bannerRoutes } from './routes/banners'
import { cmsRoutes } from './routes/cms'
import { createBannerService } from './services/banner-service'
import { createCmsService } from './services/cms-service'
import { userRoutes } from './routes/user'
import { shopDetailsRoutes } from './routes/shop-details'
import { vatCheckRoutes } from './routes/vat-check'
import { createCartAccess } from './services/cart-access'
import { createCartService } from './services/cart-service'
import { createCatalogService, type CatalogService } from './services/catalog-service'
import { createGiftCardService } from './services/giftcard-service'
import { createOrderService } from './services/order-service'
import { createGiftCardIssueService } from './services/giftcard-issue-service'
import { createOrderMailService } from './services/order-mail-service'
import { createPaymentService } from './services/payment-service'
import { createMailer } from './mail/mailer'
import { createNewsletterService } from './services/newsletter-service'
import { createReviewService } from './services/review-service'
import { createPrivacyService } from './services/privacy-service'
import { createPaymentProvider } from './payments/create-provider'
import { createPageStatus } from './services/page-status'
import { createRecommendationService } from './services/recommendation-service'
import { createRenderListService } from './services/render-list-service'
import { ServiceError } from './services/errors'
import { createReplicationService } from './services/replication-service'
import { createImportBatchService } from './services/import-batch-service'
import { createStockAlertService } from './services/stock-alert-service'
import { createReturnService } from './services/return-service'
import { createStockService } from './services/stock-service'
import { createUrlService } from './services/url-service'
import { createUserService } from './services/user-service'
import { createVatCheckService, createVatRegistry } from './services/vat-check-service'
import { registerSocialLogin } from './social/register-social-login'
import type { Storage } from './storage'
import { connectionLossOf } from './storage/connection-loss'
import type { OrderRow } from './storage/order-repository'
import { DEFAULT_RETURN_DAYS } from '../domain/api/return.schema'
import { DEFAULT_UNPAID_HOLDS } from '../domain/unpaid-hold'
import { DEFAULT_SHOP_DETAILS } from '../domain/shop-details'

/** Without mail settings (tests): the outbox in the system's temporary directory. */
const DEFAULT_MAIL: MailConfig = { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: join(tmpdir(), 'polder-outbox') }
/** how often PGlite's tables are looked over for a vacuum or an analyze (storage upkeep; autovacuum's nap is 1 min) */
const UPKEEP_MS = 5 * 60 * 1000

declare module 'fastify' {
  interface FastifyInstance {
    /** the catalogue's in-memory part the start-up warm-up fills (server/warm-up.ts) */
    catalogWarmUp: Pick<CatalogService, 'warmCategoryRows'>
  }
}

export interface BuildAppOptions {
  /** limits, proxy trust and CSP origins default to the shop's defaults (server/config DEFAULT_LIMITS) */
  config: Pick<Config, 'distDir' | 'logLevel'> &
    Partial<
      Pick<
        Config,
        | 'trustProxy'
        | 'limits'
        | 'cspConnectSrc'
        | 'apiOrigin'
        | 'replicationFeed'
        | 'importApiKey'
        | 'gtmId'
        | 'kioskPin'
        | 'vatRegistry'
        | 'payment'
        | 'paymentRecheckMs'
        | 'unpaidHolds'
        | 'returnDays'
        | 'publicUrl'
        | 'mail'
        | 'auth'
        | 'social'
        | 'port'
        | 'shopDetails'
        | 'redisUrl'
      >
    >
  storage: Storage
  /** where the log goes (tests read it); default standard output */
  logStream?: { write(line: string): void }
  /** tests shorten the SSE heartbeat */
  heartbeatMs?: number
  /** `seeding` while a fresh shop's catalogue is seeded: every request but the health check is answered 503 (default: open) */
  readiness?: ShopReadiness
}

export async function buildApp({ config, storage, heartbeatMs, logStream, readiness = createShopReadiness('ok') }: BuildAppOptions): Promise<FastifyInstance> {
  const limits = config.limits ?? DEFAULT_LIMITS
  const app = Fastify({
    // tokens never reach the log (server/http/log-redaction.ts)
    logger: { level: config.logLevel, serializers: { req: serializeRequest }, redact: REDACT_PATHS, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: 100 * 1024,
    // the recommendation search carries the shopper's words in the path (up to 200 characters,
    // percent-encoded): the default 100 would answer a long query 404 instead of 400
    routerOptions: { maxParamLength: 1000 },
    trustProxy: config.trustProxy ?? false,
    // a request whose headers or body stall is answered 408 and its connection closed (Node checks
    // open connections every connectionsCheckingInterval); answers, the SSE stream included, are not timed
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.requestTimeoutMs, 15_000),
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(limits.requestTimeoutMs / 4))),
    },
  })

  // --- infrastructure
  app.addHook('onRequest', async (request, reply) => {
    // the client may run against this API from another origin (contract §1.2: CORS open)
    reply.header('Access-Control-Allow-Origin', '*')
    reply.header('Access-Control-Expose-Headers', 'Link')
    if (request.method === 'OPTIONS') {
      return reply
        .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header('Access-Control-Allow-Headers', `Content-Type, Authorization, x-vs-store-code, ${IDEMPOTENCY_KEY_HEADER}, ${KIOSK_PASS_HEADER}`)
        .header('Access-Control-Max-Age', '86400')
        .code(204)
        .send()
    }
  })
  // VSF1 posts cart create, coupons and the cart merge as application/json with no body at all
  // (its core/data-resolver/CartService.ts): an empty JSON body is an empty object
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, {})
    return parseJson(request, text, done)
  })
  const kioskPass = shopKioskPass(config.kioskPin, storage.customers)
  const edge = { cspConnectSrc: config.cspConnectSrc ?? [], apiOrigin: config.apiOrigin, redisUrl: config.redisUrl, uncounted: kioskPass.holds }
  await registerSecurity(app, { ...edge, limits, tagManager: config.gtmId !== undefined })
  // API JSON and other text answers above 1 kB, brotli else gzip (the app's files come precompressed
  // from the build: server/routes/static.ts); request bodies are never inflated (a zip bomb's door)
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false })
  // after the security headers and compression, so its 503s carry them too
  registerShopPreparing(app, readiness)
  app.setErrorHandler((error: FastifyError | ServiceError | Error, request, reply) => {
    if (error instanceof ServiceError) return sendEnvelope(reply, FAILURE_STATUS[error.kind], error.message)
    // the browser went away while a compressed answer was streaming (a navigation, a closed tab):
    // nothing failed on our side and nobody is left to answer
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' && request.raw.destroyed) {
      request.log.debug({ err: error }, 'the client closed the connection during the answer')
      return
    }
    // a sign-in or a secret's check whose count could not be kept: as briefly unavailable as a database away
    if (error instanceof LimitStoreUnavailableError) return sendDatabaseUnavailable(request, reply)
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) return sendEnvelope(reply, status, error.message)
    // PostgreSQL is unreachable or dropped the connection (a restart, a failover): the next try may
    // well succeed
    const lost = connectionLossOf(error)
    if (lost) {
      request.log.warn({ database: lost }, 'the database is unreachable: answered 503')
      return sendDatabaseUnavailable(request, reply)
    }
    // SQLSTATE class 22 (data exception: out-of-range number, bad encoding, ...) comes from request
    // values (Drizzle wraps the driver's error: the SQLSTATE is on its cause). The database's own
    // words stay in the log: they describe our storage, not the shopper's request
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause
    if (typeof cause?.code === 'string' && /^22[0-9A-Z]{3}$/.test(cause.code)) {
      request.log.warn({ err: error }, 'a request value was refused by the database')
      return sendEnvelope(reply, 400, 'Invalid value in the request')
    }
    request.log.error({ err: error }, 'request failed')
    return sendEnvelope(reply, 500, 'Internal server error')
  })
  app.setNotFoundHandler((request, reply) => sendEnvelope(reply, 404, `Not found: ${request.method} ${request.url.split('?')[0]}`))

  // connection losses outside any request (storage/postgres.ts) go to the server's log too
  storage.useLog(app.log)

  // --- services
  const catalogService = createCatalogService(storage)
  app.decorate('catalogWarmUp', { warmCategoryRows: catalogService.warmCategoryRows })
  const catalog = createCatalogAnswers(catalogService, storage.changes)
  app.addHook('onClose', async () => catalog.close())
  const stock = createStockService(storage)
  const urls = createUrlService(storage)
  const recommendations = createRecommendationService(storage)
  const renderList = createRenderListService(storage)
  const pages = createPageStatus(storage, urls, catalogService)
  const mailConfig = config.mail ?? DEFAULT_MAIL
  const mailer = createMailer(mailConfig)
  const shopDetails = config.shopDetails ?? DEFAULT_SHOP_DETAILS
  const vatCheck = createVatCheckService(createVatRegistry(config.vatRegistry ?? DEFAULT_VAT_REGISTRY))
  const registryCheck = async (countryCode: string, vatNumber: string) => (await vatCheck.check(countryCode, vatNumber)).valid
  const cart = createCartService(storage, shopDetails.vat, registryCheck)
  // the mails link to the shop: PUBLIC_URL, else this machine (a background job has no request's host)
  const shopOrigin = config.publicUrl ?? `http://localhost:${config.port ?? 3000}`
  const mails = createOrderMailService(storage, mailer, app.log, {
    shopDetails,
    shopTo: mailConfig.shopTo ?? mailConfig.from,
    claimStaleMs: mailConfig.claimStaleMs,
    returns: { shopOrigin, days: config.returnDays ?? DEFAULT_RETURN_DAYS },
  })
  const giftCards = createGiftCardIssueService(storage, mailer, app.log, { shopOrigin })
  // back-in-stock mails: after stock writes of this process, and with the mail sweep (another process's)
  const stockAlerts = createStockAlertService(storage, { mailer, log: app.log, shopOrigin })
  const sweepStockAlerts = () => stockAlerts.sweep().catch((err: unknown) => app.log.error({ err }, 'back-in-stock mails failed'))
  const afterPaid = async (order: OrderRow) => {
    await mails.due(order)
    await giftCards.orderPaid(order)
  }
  // at start and then every minute: order mails left due, failed or claimed by a process that died
  // are sent (order-mail-service); gift cards of paid orders not issued yet are issued, and their
  // mails sent on the day the buyer chose
  let mailSweep: Promise<unknown> | null = null
  const sweepMails = () => {
    if (mailSweep) return
    mailSweep = Promise.all([
      mails.sweep().catch((err: unknown) => app.log.error({ err }, 'order mail sweep failed')),
      giftCards.sweep().catch((err: unknown) => app.log.error({ err }, 'gift card mails failed')),
      sweepStockAlerts(),
    ]).finally(() => {
      mailSweep = null
    })
  }
  app.addHook('onReady', async () => sweepMails())
  const mailRetry = setInterval(sweepMails, mailConfig.sweepMs ?? 60_000)
  mailRetry.unref()
  // PGlite has no autovacuum: the tables that churn are vacuumed and analyzed as it would
  let upkeepRun: Promise<void> | null = null
  const upkeep = setInterval(() => {
    if (upkeepRun) return
    const started = performance.now()
    upkeepRun = storage
      .upkeep()
      .then((steps) => {
        const tables = steps.map((s) => `${[s.vacuum && 'vacuum', s.analyze && 'analyze'].filter(Boolean).join('+')} ${s.schema}.${s.table}`)
        if (tables.length > 0) app.log.info({ tables, ms: Math.round(performance.now() - started) }, 'table upkeep')
      })
      .catch((err: unknown) => app.log.error({ err }, 'table upkeep failed'))
      .finally(() => {
        upkeepRun = null
      })
  }, UPKEEP_MS)
  upkeep.unref()
  app.addHook('onClose', async () => {
    clearInterval(mailRetry)
    clearInterval(upkeep)
    // the storage closes after the app: a vacuum or a mail sweep under way finishes first
    await upkeepRun
    await mailSweep
    mailer.close()
  })
  const { provider, sandbox } = createPaymentProvider(config.payment ?? { provider: 'sandbox' }, storage)
  const paymentConfig = config.payment ?? { provider: 'sandbox' }
  const payments = createPaymentService(storage, {
    provider,
    onPaid: afterPaid,
    onCancelled: async () => void (await sweepStockAlerts()),
    mailDue: (order, kind) => mails.due(order, kind),
    log: app.log,
    createTimeoutMs: paymentConfig.provider === 'multisafepay' ? paymentConfig.timeoutMs : undefined,
  })
  // at start and on a schedule: payments still open at the provider are asked about again, so a
  // notification lost while this or another process was down leaves no settled payment unseen; then
  // the orders nobody paid within their hold are cancelled, their stock given back
  let recheckRun: Promise<unknown> | null = null
  const holds = config.unpaidHolds ?? DEFAULT_UNPAID_HOLDS
  const recheckPayments = () => {
    if (recheckRun) return
    recheckRun = payments
      .recheckOpen()
      .catch((err: unknown) => app.log.error({ err }, 'payment recheck failed'))
      .then(() => payments.expireUnpaid(holds))
      .then((cancelled) => {
        if (cancelled) app.log.info({ cancelled }, 'unpaid orders past their hold cancelled')
        return cancelled ? sweepStockAlerts() : undefined
      })
      .catch((err: unknown) => app.log.error({ err }, 'unpaid orders were not cancelled'))
      .finally(() => {
        recheckRun = null
      })
  }
  app.addHook('onReady', async () => recheckPayments())
  const recheck = setInterval(recheckPayments, config.paymentRecheckMs ?? 10 * 60_000)
  recheck.unref()
  app.addHook('onClose', async () => {
    clearInterval(recheck)
    await recheckRun
  })

  // --- routes
  app.get('/api', async (_request, reply) => sendEnvelope(reply, 200, { version: '0.1.0' }))
  await app.register(healthRoutes, { readiness })
  await app.register(catalogRoutes, { catalog })
  const auth = config.auth ?? DEFAULT_AUTH
  const users = createUserService(storage, auth, { mailer, log: app.log })
  const cartAccess = createCartAccess(storage, users)
  await app.register(cartRoutes, { cart, access: cartAccess })
  await app.register(stockRoutes, { stock })
  await app.register(urlRoutes, { urls })
  await app.register(cmsRoutes, { cms: createCmsService(storage) })
  await app.register(bannerRoutes, { banners: createBannerService(storage) })
  await app.register(recommendationRoutes, { recommendations })
  await app.register(renderListRoutes, { renderList })
  // off, its paths fall through to the not-found answer: the client then pages /api/catalog, as it
  // does against a stock vue-storefront-api
  if (config.replicationFeed !== false) {
    await app.register(replicationRoutes, { replication: createReplicationService(storage), changes: storage.changes, heartbeatMs })
  }
  // off without a key: its path falls through to the not-found answer
  if (config.importApiKey) {
    await app.register(importRoutes, {
      imports: createImportBatchService(storage, { stockWritten: sweepStockAlerts }),
      apiKey: config.importApiKey,
      // a wrong key counts as a failed sign-in does, per client address
      limits: { failuresPerAddress: auth.loginFailuresPerAccount, windowSeconds: auth.loginWindowSeconds },
    })
  }
  await app.register(kioskRoutes, {
    pass: kioskPass,
    liveProducts: (storeCode) => storage.replication.liveProducts(storeCode),
    // a wrong PIN counts as a failed sign-in does, per client address
    limits: { failuresPerAddress: auth.loginFailuresPerAccount, windowSeconds: auth.loginWindowSeconds },
  })
  await app.register(userRoutes, { users, limits: auth, publicUrl: config.publicUrl })
  await app.register(newsletterRoutes, { newsletter: createNewsletterService(storage, { mailer, log: app.log }), users, publicUrl: config.publicUrl })
  await app.register(stockAlertRoutes, { stockAlerts, users })
  await app.register(reviewRoutes, { reviews: createReviewService(storage, { mailer, log: app.log }), users, publicUrl: config.publicUrl })
  await app.register(returnRoutes, {
    returns: createReturnService(storage, { mails, returnDays: config.returnDays ?? DEFAULT_RETURN_DAYS }),
    users,
  })
  await app.register(privacyRoutes, { privacy: createPrivacyService(storage), users })
  await registerSocialLogin(app, { config, storage, users })
  await app.register(orderRoutes, {
    orders: createOrderService(storage, {
      vat: shopDetails.vat,
      vatCheck: registryCheck,
      placed: async (order) => {
        await mails.due(order)
        // paid at placing: its gift cards paid it all
        await giftCards.orderPaid(order)
      },
    }),
    access: cartAccess,
  })
  await app.register(paymentRoutes, {
    payments,
    users,
    publicUrl: config.publicUrl,
    // the sandbox calls our webhook as the real provider would, through the same route, in-process
    sandbox: sandbox && {
      provider: sandbox,
      notify: async (url: string) => {
        const target = new URL(url)
        await app.inject({ method: 'POST', url: `${target.pathname}${target.search}`, payload: {} })
      },
    },
  })
  await app.register(giftCardRoutes, { giftcards: createGiftCardService(storage), access: cartAccess })
  await app.register(shopDetailsRoutes, { details: shopDetails, tagManagerId: config.gtmId })
  await app.register(vatCheckRoutes, { vatCheck })
  await app.register(imageRoutes)
  await app.register(staticRoutes, { distDir: config.distDir, pageStatus: (store, path) => pages.of(store, path) })
  return app
}
