/**
 * The server's environment, read and validated once at start (fastify/demo habit): every other
 * module receives a Config instead of reading process.env itself.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { DEFAULT_SHOP_DETAILS, ShopDetailsSchema } from '../domain/shop-details'
import { DEFAULT_RETURN_DAYS } from '../domain/api/return.schema'
import { DEFAULT_UNPAID_HOLDS } from '../domain/unpaid-hold'
import type { SocialProvider } from '../domain/api/social-login.schema'
import { LOG_LEVELS, type AuthConfig, type Config, type PaymentConfig, type SocialLoginConfig, type VatRegistryConfig } from './config-types'

export type { AuthConfig, Config, HttpLimits, MailConfig, PaymentConfig, SocialLoginConfig, SocialProviderConfig, VatRegistryConfig } from './config-types'

/** The shop's defaults: generous enough for a store full of tablets behind one address. */
export const DEFAULT_LIMITS = {
  cartCreatesPerMinute: 60,
  writesPerMinute: 600,
  // coupon applies and gift card checks and activations: a shopper types a few codes, a guessing run many
  codesPerMinute: 30,
  // orders placed (and resent): a store's tablets back online send what they queued; a hoarder many
  ordersPerMinute: 120,
  // catalogue searches: a shopper's pages and typing ask a few a second at most, the app's own
  // replication has a feed of its own; a client looping costly searches asks many more
  catalogSearchesPerMinute: 600,
  requestTimeoutMs: 30_000,
} as const

/** Customer sessions: access tokens live 5 minutes (so refreshing really happens), refresh tokens 30 days. */
export const DEFAULT_AUTH: AuthConfig = {
  accessTokenTtl: 300,
  refreshTokenTtl: 30 * 24 * 3600,
  secret: undefined,
  // 10 wrong passwords per account from one address (100 from all together), 100 sign-ins per
  // address (a shop full of tablets), per 15 minutes
  loginFailuresPerAccount: 10,
  loginFailuresPerAccountCeiling: 100,
  loginAttemptsPerAddress: 100,
  loginWindowSeconds: 15 * 60,
  // 5 password reset mails per e-mail address and hour
  resetMailsPerEmail: 5,
  resetMailWindowSeconds: 3600,
}

/**
 * How long a request waits for a PostgreSQL connection before it is answered 503: an unreachable
 * server answers within this, a pool busy with others' queries for this long is overloaded.
 */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 2_000

/** VAT numbers are checked by the local stand-in unless VIES_URL names the EU service. */
export const DEFAULT_VAT_REGISTRY: VatRegistryConfig = { viesUrl: undefined, timeoutMs: 5_000 }

/** The real providers' issuers (OpenID Connect discovery), used when their client ids are configured. */
export const SOCIAL_ISSUERS: Readonly<Record<SocialProvider, string>> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
}

/** Facebook's discovery document serves its implicit (Limited Login) flow and may name no token endpoint: the Graph API's code exchange then. */
export const FACEBOOK_TOKEN_ENDPOINT = 'https://graph.facebook.com/oauth/access_token'

export const DEFAULT_MULTISAFEPAY_URL = 'https://testapi.multisafepay.com/v1/json'

// empty counts as unset
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
const httpUrl = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''))

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // production refuses the stand-ins that take fake payments and fake logins unless this says so
  NODE_ENV: z.string().optional(),
  ALLOW_STAND_INS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  // empty string counts as unset: `DATABASE_URL= npm run serve` should mean PGlite
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
  // the request limits' counts (rate limits, sign-in limits), shared by every process of the shop
  // (server/http/limit-store.ts); unset or empty: each process counts in its own memory
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss://')
      .optional(),
  ),
  // a request that cannot get a PostgreSQL connection within this is answered 503 with Retry-After
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_DATABASE_CONNECT_TIMEOUT_MS),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).default('./dist'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('warn'),
  // behind a reverse proxy the shopper's address is in X-Forwarded-For (rate limits are per address)
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  // anonymous writes per address and minute; 0 turns a limit off
  RATE_LIMIT_CART_CREATES: z.coerce.number().int().min(0).default(DEFAULT_LIMITS.cartCreatesPerMinute),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(0).default(DEFAULT_LIMITS.writesPerMinute),
  RATE_LIMIT_CODES: z.coerce.number().int().min(0).default(DEFAULT_LIMITS.codesPerMinute),
  RATE_LIMIT_ORDERS: z.coerce.number().int().min(0).default(DEFAULT_LIMITS.ordersPerMinute),
  // catalogue searches per address and minute; 0 turns the limit off
  RATE_LIMIT_CATALOG: z.coerce.number().int().min(0).default(DEFAULT_LIMITS.catalogSearchesPerMinute),
  // a request's headers and body must arrive within this (slow or stalled uploads are answered 408)
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_LIMITS.requestTimeoutMs),
  // more origins the app may call besides its own (a payment provider, say), separated by spaces
  CSP_CONNECT_SRC: z
    .string()
    .default('')
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^\s;,'"]+$/, 'must be origins like https://pay.example, separated by spaces'))),
  // the replication feed extension (/api/ext/replication/...): `off` leaves its routes out, so they
  // answer 404 as a stock vue-storefront-api does and the app pages /api/catalog instead
  REPLICATION_FEED: z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default('on')
    .transform((v) => v === 'on' || v === 'true' || v === '1'),
  // the import extension (POST /api/ext/import/batch) takes batches signed with this key; unset or
  // empty: the extension is off and its path answers 404
  IMPORT_API_KEY: optionalText.pipe(z.string().min(16, 'must have at least 16 characters').optional()),
  // the Google Tag Manager container the app loads once a shopper consents to analytics; unset or
  // empty: no tag manager at all (spec: it runs only with a configured non-empty container id)
  GTM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a container id like GTM-ABC1234')
      .optional(),
  ),
  // the PIN the staff types on a tablet's kiosk setup screen (/{store}/kiosk), 4 to 12 digits; unset
  // or empty: the shop has no kiosk setup
  KIOSK_PIN: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4,12}$/, 'must be 4 to 12 digits')
      .optional(),
  ),
  // the back end the app was built against (README: VITE_API_BASE_URL), when it is another origin
  VITE_API_BASE_URL: z.string().optional(),
  API_BASE_URL: z.string().optional(),
  // the EU VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api); unset or empty:
  // VAT numbers go to the local stand-in that answers like the VIES test service
  SHOP_DETAILS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return DEFAULT_SHOP_DETAILS
      try {
        const parsed = ShopDetailsSchema.safeParse(JSON.parse(text))
        if (parsed.success) return parsed.data
        ctx.addIssue({ code: 'custom', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') })
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' })
      }
      return z.NEVER
    }),
  VIES_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim().replace(/\/+$/, '') : undefined))
    .pipe(
      z
        .string()
        .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
        .optional(),
    ),
  // a VIES call that takes longer is answered "could not verify" (valid: null)
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_VAT_REGISTRY.timeoutMs),
  // the payment provider: the local sandbox with its own payment page (default) or MultiSafepay
  PAYMENT_PROVIDER: z.enum(['sandbox', 'multisafepay']).default('sandbox'),
  MULTISAFEPAY_API_KEY: optionalText,
  MULTISAFEPAY_URL: httpUrl.default(DEFAULT_MULTISAFEPAY_URL),
  MULTISAFEPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // how often payments still open at the provider are asked about again and unpaid orders past their hold cancelled (and at every start)
  PAYMENT_RECHECK_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  // how long an unpaid order holds its stock before it is cancelled, by payment method (0: for ever)
  HOLD_PROVIDER_MINUTES: z.coerce.number().int().min(0).max(525_600).default(DEFAULT_UNPAID_HOLDS.providerMinutes),
  HOLD_BANK_TRANSFER_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_UNPAID_HOLDS.bankTransferDays),
  HOLD_PICKUP_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_UNPAID_HOLDS.pickupDays),
  HOLD_CASH_ON_DELIVERY_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_UNPAID_HOLDS.cashOnDeliveryDays),
  // the withdrawal period: days after an order's delivery that its shopper may return items
  RETURN_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_RETURN_DAYS),
  // the shop's public origin (https://shop.example): the addresses given out (payment return and
  // notification, mail links); unset: this machine's (never the Host a request names)
  PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  // order mails: SMTP when set (smtp://user:pass@host:587, smtps://…), else one file per mail in MAIL_OUTBOX_DIR
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Polder <shop@polder.example>'),
  // default: $DATA_DIR/outbox
  MAIL_OUTBOX_DIR: optionalText,
  // the shop's own address for its alerts (a payment that settled for a cancelled order); default: MAIL_FROM's
  MAIL_SHOP_TO: optionalText,
  // a mail claimed this long ago and never recorded sent was left by a process that died, and is sent again
  MAIL_CLAIM_STALE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  // how often due, failed and stale mails are looked for (and at every start)
  MAIL_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  // customer access tokens' lifetime in seconds (short: a stolen one is soon worthless)
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_AUTH.accessTokenTtl),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 86_400)
    .default(DEFAULT_AUTH.refreshTokenTtl),
  // the access tokens' HS256 key; unset: one is made at first start and kept in the database
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
  // sign-in limits per LOGIN_LIMIT_WINDOW seconds: failed attempts per account, attempts per client address (0: no limit)
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(0).default(DEFAULT_AUTH.loginFailuresPerAccount),
  LOGIN_FAILURES_PER_ACCOUNT_CEILING: z.coerce.number().int().min(0).default(DEFAULT_AUTH.loginFailuresPerAccountCeiling!),
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(0).default(DEFAULT_AUTH.loginAttemptsPerAddress),
  LOGIN_LIMIT_WINDOW: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_AUTH.loginWindowSeconds),
  // password reset mails per e-mail address per RESET_MAIL_WINDOW seconds (0: no limit)
  RESET_MAILS_PER_EMAIL: z.coerce.number().int().min(0).default(DEFAULT_AUTH.resetMailsPerEmail),
  RESET_MAIL_WINDOW: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_AUTH.resetMailWindowSeconds),
  // social login with the real providers (OAuth clients registered with them); unset: the local stand-in
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
})

/** The origin of an absolute http(s) URL, else nothing (a relative base is this origin). */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined
  } catch {
    return undefined
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid environment: ${details}`)
  }
  const e = parsed.data
  const payment = paymentConfig(e)
  const social = socialConfig(e)
  const standIns = [
    ...(payment.provider === 'sandbox' ? ['payment sandbox (takes no real money)'] : []),
    ...(['google', 'facebook'] as const).filter((p) => !social[p]).map((p) => `${p} login stand-in (fixed test identities)`),
    ...(e.VIES_URL ? [] : ['VAT register stand-in']),
    ...(e.SMTP_URL ? [] : ['mail outbox (files, nothing is sent)']),
  ]
  // a shop taking real orders must not take fake payments or let anyone in as a test identity
  const unsafe = standIns.filter((s) => /^(payment sandbox|google login|facebook login)/.test(s))
  if (e.NODE_ENV === 'production' && unsafe.length > 0 && !e.ALLOW_STAND_INS) {
    throw new ConfigError(
      `Invalid environment: NODE_ENV=production with ${unsafe.join(', ')}: configure the real services (PAYMENT_PROVIDER, GOOGLE_CLIENT_ID, FACEBOOK_CLIENT_ID) or set ALLOW_STAND_INS=true`,
    )
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    dataDir: e.DATA_DIR,
    distDir: e.DIST_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    limits: {
      cartCreatesPerMinute: e.RATE_LIMIT_CART_CREATES,
      writesPerMinute: e.RATE_LIMIT_WRITES,
      codesPerMinute: e.RATE_LIMIT_CODES,
      ordersPerMinute: e.RATE_LIMIT_ORDERS,
      catalogSearchesPerMinute: e.RATE_LIMIT_CATALOG,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    },
    cspConnectSrc: e.CSP_CONNECT_SRC,
    replicationFeed: e.REPLICATION_FEED,
    importApiKey: e.IMPORT_API_KEY,
    gtmId: e.GTM_ID,
    kioskPin: e.KIOSK_PIN,
    apiOrigin: originOf(e.VITE_API_BASE_URL ?? e.API_BASE_URL),
    vatRegistry: { viesUrl: e.VIES_URL, timeoutMs: e.VIES_TIMEOUT_MS },
    shopDetails: e.SHOP_DETAILS,
    payment,
    paymentRecheckMs: e.PAYMENT_RECHECK_MS,
    unpaidHolds: {
      providerMinutes: e.HOLD_PROVIDER_MINUTES,
      bankTransferDays: e.HOLD_BANK_TRANSFER_DAYS,
      pickupDays: e.HOLD_PICKUP_DAYS,
      cashOnDeliveryDays: e.HOLD_CASH_ON_DELIVERY_DAYS,
    },
    returnDays: e.RETURN_DAYS,
    publicUrl: e.PUBLIC_URL,
    standIns,
    mail: {
      from: e.MAIL_FROM,
      smtpUrl: e.SMTP_URL,
      outboxDir: e.MAIL_OUTBOX_DIR ?? join(e.DATA_DIR.startsWith('memory://') ? tmpdir() : e.DATA_DIR, 'outbox'),
      shopTo: e.MAIL_SHOP_TO ?? e.MAIL_FROM,
      claimStaleMs: e.MAIL_CLAIM_STALE_MS,
      sweepMs: e.MAIL_SWEEP_MS,
    },
    auth: {
      accessTokenTtl: e.ACCESS_TOKEN_TTL,
      refreshTokenTtl: e.REFRESH_TOKEN_TTL,
      secret: e.AUTH_SECRET,
      loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAccountCeiling: e.LOGIN_FAILURES_PER_ACCOUNT_CEILING,
      loginAttemptsPerAddress: e.LOGIN_ATTEMPTS_PER_ADDRESS,
      loginWindowSeconds: e.LOGIN_LIMIT_WINDOW,
      resetMailsPerEmail: e.RESET_MAILS_PER_EMAIL,
      resetMailWindowSeconds: e.RESET_MAIL_WINDOW,
    },
    social,
  }
}

function socialConfig(e: z.infer<typeof EnvSchema>): SocialLoginConfig {
  const social: SocialLoginConfig = {}
  const pairs = { google: [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET], facebook: [e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET] } as const
  for (const provider of ['google', 'facebook'] as const) {
    const [clientId, clientSecret] = pairs[provider]
    const name = provider.toUpperCase()
    if (clientId && !clientSecret) throw new ConfigError(`Invalid environment: ${name}_CLIENT_SECRET: is required when ${name}_CLIENT_ID is set`)
    if (clientSecret && !clientId) throw new ConfigError(`Invalid environment: ${name}_CLIENT_ID: is required when ${name}_CLIENT_SECRET is set`)
    if (clientId && clientSecret) {
      social[provider] = {
        issuer: SOCIAL_ISSUERS[provider],
        clientId,
        clientSecret,
        ...(provider === 'facebook' ? { tokenEndpointFallback: FACEBOOK_TOKEN_ENDPOINT } : {}),
      }
    }
  }
  return social
}

function paymentConfig(e: z.infer<typeof EnvSchema>): PaymentConfig {
  if (e.PAYMENT_PROVIDER === 'sandbox') return { provider: 'sandbox' }
  if (!e.MULTISAFEPAY_API_KEY) throw new ConfigError('Invalid environment: MULTISAFEPAY_API_KEY: is required when PAYMENT_PROVIDER=multisafepay')
  // the provider calls back and sends shoppers back to these addresses: never to a host a request named
  if (!e.PUBLIC_URL) throw new ConfigError('Invalid environment: PUBLIC_URL: is required when PAYMENT_PROVIDER=multisafepay')
  return { provider: 'multisafepay', apiKey: e.MULTISAFEPAY_API_KEY, baseUrl: e.MULTISAFEPAY_URL, timeoutMs: e.MULTISAFEPAY_TIMEOUT_MS }
}
