/**
 * What a Config holds: the settings every module receives (server/config.ts reads them from the
 * environment, once, at start).
 */
import type { SocialProvider } from '../domain/api/social-login.schema'
import type { ShopDetails } from '../domain/shop-details'
import type { UnpaidHolds } from '../domain/unpaid-hold'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export interface HttpLimits {
  /** cart creates per client address and minute (0: no limit) */
  cartCreatesPerMinute: number
  /** other anonymous writes (cart changes, recommendation signals) per client address and minute (0: no limit) */
  writesPerMinute: number
  /** coupon applies, gift card checks and activations per client address and minute (0: no limit) */
  codesPerMinute?: number
  /** orders placed per client address and minute (0: no limit) */
  ordersPerMinute?: number
  /** catalogue searches (GET and POST _search) per client address and minute (0: no limit) */
  catalogSearchesPerMinute?: number
  /** a request's headers and body must have arrived within this many ms */
  requestTimeoutMs: number
}

export interface VatRegistryConfig {
  /** the VIES REST API's base; undefined: the local stand-in */
  viesUrl: string | undefined
  /** a VIES call that takes longer is given up (the number is then "could not verify") */
  timeoutMs: number
}

/** The payment provider service's adapter (server/payments). */
export type PaymentConfig = { provider: 'sandbox' } | { provider: 'multisafepay'; apiKey: string; baseUrl: string; timeoutMs: number }

export interface MailConfig {
  from: string
  /** SMTP when set, else the outbox */
  smtpUrl: string | undefined
  /** one JSON file per mail when there is no SMTP */
  outboxDir: string
  /** the shop's own address, for its alerts (default: from's) */
  shopTo?: string
  /** a claim this old that was never finished is sent again (default 2 minutes) */
  claimStaleMs?: number
  /** the mail sweep's period (default a minute) */
  sweepMs?: number
}

export interface AuthConfig {
  /** seconds an access token lives */
  accessTokenTtl: number
  /** seconds a refresh token lives (each refresh starts a new one) */
  refreshTokenTtl: number
  /** HS256 key; undefined: one made at first start and kept in the database */
  secret: string | undefined
  /** failed sign-ins per account from one address in the window (0: no limit) */
  loginFailuresPerAccount: number
  /** failed sign-ins per account from all addresses together (default ten times the former; 0: no limit) */
  loginFailuresPerAccountCeiling?: number
  /** sign-in attempts per client address in the window (0: no limit) */
  loginAttemptsPerAddress: number
  /** the login limits' window, in seconds */
  loginWindowSeconds: number
  /** password reset mails per e-mail address in the window (0: no limit) */
  resetMailsPerEmail: number
  /** the reset mail limit's window, in seconds */
  resetMailWindowSeconds: number
}

/** A real social login provider: its issuer (discovery) and the shop's client there. */
export interface SocialProviderConfig {
  issuer: string
  clientId: string
  clientSecret: string
  /** used when the discovery document names no token endpoint */
  tokenEndpointFallback?: string
}

/** The providers configured for real; the others are the local stand-in (server/social/oidc-standin.ts). */
export type SocialLoginConfig = Partial<Record<SocialProvider, SocialProviderConfig>>

export interface Config {
  port: number
  host: string
  /** PostgreSQL when set, else PGlite in `${dataDir}/pglite` */
  databaseUrl: string | undefined
  /** how long a request waits for a PostgreSQL connection (a new one, or a free one of the pool) */
  databaseConnectTimeoutMs: number
  /** Redis for the request limits' counts, shared by the shop's processes; undefined: each process's memory */
  redisUrl?: string | undefined
  /** `memory://` keeps PGlite in memory (tests) */
  dataDir: string
  distDir: string
  logLevel: (typeof LOG_LEVELS)[number]
  trustProxy: boolean
  limits: HttpLimits
  /** origins added to the Content-Security-Policy's connect-src */
  cspConnectSrc: string[]
  /** whether the replication feed extension's routes are served (false: they answer 404, as a stock vue-storefront-api) */
  replicationFeed: boolean
  /** the import extension's key (`Authorization: Bearer …`); undefined: the extension is off and its path answers 404 */
  importApiKey: string | undefined
  /** the Google Tag Manager container id (GTM_ID); undefined: no tag manager, and the CSP allows none */
  gtmId?: string | undefined
  /** the kiosk setup screen's PIN (KIOSK_PIN); undefined: no kiosk setup */
  kioskPin?: string | undefined
  /** the API's origin when the app was built against another back end: its calls and pictures are allowed */
  apiOrigin: string | undefined
  /** where VAT numbers are checked after their format and checksum */
  vatRegistry: VatRegistryConfig
  /** the bank account for transfers and the pickup point with its hours (SHOP_DETAILS) */
  shopDetails: ShopDetails
  payment: PaymentConfig
  /** how often payments open at the provider are asked about again, and unpaid orders past their hold cancelled (ms) */
  paymentRecheckMs: number
  /** how long an unpaid order holds its stock, by payment method */
  unpaidHolds: UnpaidHolds
  /** the withdrawal period: days after delivery that a shopper may return an order's items */
  returnDays: number
  /** the shop's public origin for addresses given to outside services; undefined: this machine's (server/http/link-origin) */
  publicUrl: string | undefined
  /** the local stand-ins in use instead of outside services, as the start's log names them */
  standIns: string[]
  mail: MailConfig
  auth: AuthConfig
  social: SocialLoginConfig
}
