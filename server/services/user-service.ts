/**
 * Customer accounts and sessions (spec §7 "User", contract §2.1).
 *
 * - A login starts a refresh family and answers an access token (short-lived JWT) and a refresh
 *   token. Each refresh uses up its refresh token and answers the next pair of the same family.
 *   A refresh token used a second time means a copy is in someone else's hands: the whole family
 *   is revoked (both holders must sign in again). Logout revokes the family too.
 * - An access token counts only while its family is on, so logout and a password change end a
 *   session at once rather than when its access token expires.
 * - A wrong e-mail address and a wrong password get one answer and take about the same time (the
 *   password of an unknown address is checked against a throwaway hash).
 * - A new e-mail address takes the current password, and the old address is told (a stolen access
 *   token must not be enough to take the account over for good).
 * What may fail: validation is the routes' (domain/api/user.schema); here UnauthorizedError (401)
 * and InvalidRequestError (400: e-mail address taken, current password missing or wrong); storage
 * errors propagate.
 */
import {
  USER_MESSAGES,
  type AddressInputBody,
  type Customer,
  type CustomerInput,
  type OrderHistoryResult,
  type UserCreateBody,
} from '../../domain/api/user.schema'
import { emailKey } from '../../domain/account-rules'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { AuthConfig } from '../config'
import { accountUrl, createPasswordUrl, emailChangedMailContent, passwordResetMailContent, welcomeMailContent } from '../mail/account-mail'
import type { Mailer } from '../mail/mailer'
import type { Storage } from '../storage'
import type { CustomerRow } from '../storage/customer-repository'
import {
  createAccessTokens,
  hashToken,
  InvalidAccessTokenError,
  newFamilyId,
  newOpaqueToken,
  newSigningSecret,
  type AccessClaims,
  type AccessTokens,
} from './auth-tokens'
import { toAddressInput, toCustomerAnswer, toHistoryItem } from './customer-answers'
import { ForbiddenError, InvalidRequestError, NotFoundError, ServiceError, UnauthorizedError } from './errors'
import { hashPassword, needsRehash, verifyPassword } from './passwords'

export type AuthSettings = AuthConfig

export interface TokenPair {
  accessToken: string
  refreshToken: string
}

/** The refusal of a wrong current password (change-password answers it as `{errorMessage}`). */
export class CurrentPasswordWrongError extends InvalidRequestError {
  override name = 'CurrentPasswordWrongError'
  constructor() {
    super(USER_MESSAGES.currentPasswordWrong)
  }
}

/** A new e-mail address asked without the current password (a token alone must not move the account). */
export class EmailChangeNeedsPasswordError extends InvalidRequestError {
  override name = 'EmailChangeNeedsPasswordError'
  constructor() {
    super(USER_MESSAGES.emailChangeNeedsPassword)
  }
}

/** A password reset link works once, within this many hours. */
export const PASSWORD_RESET_HOURS = 2

/** The reset mail could not be handed to the mail server or the outbox (503: try again later). */
export class AccountMailError extends ServiceError {
  override name = 'AccountMailError'
  readonly kind = 'unavailable' as const
}

export interface UserMailDeps {
  mailer: Mailer
  log: { error(obj: object, msg: string): void }
}

const notAuthorized = () => new UnauthorizedError(USER_MESSAGES.notAuthorized)

/** The store view the account was made in, for its mails when the request names none. */
const storeOfAccount = (row: CustomerRow): StoreCode => (row.store_code in STORE_VIEWS ? (row.store_code as StoreCode) : 'en')

export function createUserService(storage: Storage, settings: AuthSettings, mail: UserMailDeps, clock: () => Date = () => new Date()) {
  let tokens: Promise<AccessTokens> | undefined
  const accessTokens = () =>
    (tokens ??= (async () => {
      const secret = settings.secret ?? (await storage.customers.ensureSecret('access-token', newSigningSecret(), clock().toISOString()))
      return createAccessTokens(secret, settings.accessTokenTtl, clock)
    })().catch((err: unknown) => {
      tokens = undefined
      throw err
    }))
  let throwaway: Promise<string> | undefined
  const throwawayHash = () => (throwaway ??= hashPassword(newOpaqueToken()))

  const later = (seconds: number) => new Date(clock().getTime() + seconds * 1000).toISOString()

  /** A new login of the customer: a family, its first refresh token, an access token. */
  async function startSession(customerId: number): Promise<TokenPair> {
    const now = clock().toISOString()
    const familyId = newFamilyId()
    const refreshToken = newOpaqueToken()
    await storage.transaction(async (repos) => {
      await repos.customers.startFamily(familyId, customerId, now)
      await repos.customers.addRefreshToken(hashToken(refreshToken), familyId, now, later(settings.refreshTokenTtl))
    })
    return { accessToken: await (await accessTokens()).sign({ customerId, familyId }), refreshToken }
  }

  async function customerOf(claims: AccessClaims): Promise<CustomerRow> {
    const row = await storage.customers.findById(claims.customerId)
    if (!row) throw notAuthorized()
    return row
  }

  /** The welcome mail in the store view's language (a mail failure is logged, never refused). */
  async function welcome(row: CustomerRow, storeCode: StoreCode, origin: string): Promise<void> {
    const content = welcomeMailContent({
      store: storeCode,
      name: `${row.firstname} ${row.lastname}`,
      email: row.email,
      accountUrl: accountUrl(origin, storeCode),
    })
    await mail.mailer
      .send({ to: row.email, ...content, key: `welcome-${row.id}` })
      .catch((err: unknown) => mail.log.error({ err }, `the welcome mail of customer ${row.id} was not sent`))
  }

  /** The mail to the address the account had, naming the new one. */
  async function tellFormerAddress(before: CustomerRow, after: CustomerRow, store: StoreCode | undefined): Promise<void> {
    const content = emailChangedMailContent({
      store: store ?? storeOfAccount(before),
      name: `${after.firstname} ${after.lastname}`,
      oldEmail: before.email,
      newEmail: after.email,
    })
    await mail.mailer
      .send({ to: before.email, ...content, key: `email-changed-${before.id}` })
      .catch((err: unknown) => mail.log.error({ err }, `the e-mail change notice of customer ${before.id} was not sent`))
  }

  const service = {
    /** Makes the account and mails a welcome in the store view's language (a mail failure is logged, never refused). */
    async create(body: UserCreateBody, storeCode: StoreCode, origin: string): Promise<Customer> {
      const passwordHash = await hashPassword(body.password)
      const row = await storage.customers.insert({ ...body.customer, emailKey: emailKey(body.customer.email), passwordHash, storeCode }, clock().toISOString())
      if (!row) throw new InvalidRequestError(USER_MESSAGES.emailTaken)
      await welcome(row, storeCode, origin)
      return toCustomerAnswer(row, [])
    },

    /**
     * An account made from a social login's identity, with the welcome mail as on create. It has no
     * password anyone knows (the hash of a random one): "forgot password" sets one. Null when the
     * e-mail address already has an account.
     */
    async createWithoutPassword(customer: CustomerInput, storeCode: StoreCode, origin: string): Promise<CustomerRow | null> {
      const passwordHash = await hashPassword(newOpaqueToken())
      const row = await storage.customers.insert({ ...customer, emailKey: emailKey(customer.email), passwordHash, storeCode }, clock().toISOString())
      if (row) await welcome(row, storeCode, origin)
      return row
    },

    /** A new login of the customer (social login signs in through it too). */
    startSession,
    /** The customer of valid claims (UnauthorizedError when the account is gone). */
    customerOf,

    async login(username: string, password: string): Promise<TokenPair> {
      const row = await storage.customers.findByEmailKey(emailKey(username))
      const ok = await verifyPassword(password, row?.password_hash ?? (await throwawayHash()))
      if (!row || !ok) throw new UnauthorizedError(USER_MESSAGES.signInIncorrect)
      if (needsRehash(row.password_hash)) await storage.customers.setPasswordHash(row.id, await hashPassword(password), clock().toISOString())
      return startSession(row.id)
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = clock().toISOString()
      const next = newOpaqueToken()
      // decided inside the transaction, refused after it: a revocation must be committed, not rolled back
      const outcome = await storage.transaction(async (repos) => {
        const row = await repos.customers.lockRefreshToken(hashToken(refreshToken))
        if (!row || row.revoked_at !== null || row.expires_at <= now) return { ok: false as const }
        if (row.used_at !== null) {
          await repos.customers.revokeFamily(row.family_id, 'refresh token reused', now)
          return { ok: false as const }
        }
        await repos.customers.markRefreshTokenUsed(row.token_hash, now)
        await repos.customers.addRefreshToken(hashToken(next), row.family_id, now, later(settings.refreshTokenTtl))
        return { ok: true as const, customerId: row.customer_id, familyId: row.family_id }
      })
      if (!outcome.ok) throw new UnauthorizedError(USER_MESSAGES.refreshRefused)
      const accessToken = await (await accessTokens()).sign({ customerId: outcome.customerId, familyId: outcome.familyId })
      return { accessToken, refreshToken: next }
    },

    /** The customer of a token; null without one; a token that is not valid is the 401 of `authenticate` (the client renews it). */
    async customerIdOf(token: string | undefined): Promise<number | null> {
      return token ? (await service.authenticate(token)).customerId : null
    },

    /** The claims of a valid access token of a login still on; UnauthorizedError otherwise. */
    async authenticate(token: string | undefined): Promise<AccessClaims> {
      if (!token) throw notAuthorized()
      let claims: AccessClaims
      try {
        claims = await (await accessTokens()).verify(token)
      } catch (err) {
        if (err instanceof InvalidAccessTokenError) throw notAuthorized()
        throw err
      }
      if (!(await storage.customers.familyActive(claims.familyId, claims.customerId))) throw notAuthorized()
      return claims
    },

    /** Ends the login the access token or the refresh token belongs to (either may be absent or stale). */
    async logout(claims: AccessClaims | null, refreshToken: string | undefined): Promise<void> {
      const now = clock().toISOString()
      if (claims) await storage.customers.revokeFamily(claims.familyId, 'logout', now)
      if (refreshToken) {
        await storage.transaction(async (repos) => {
          const row = await repos.customers.lockRefreshToken(hashToken(refreshToken))
          if (row) await repos.customers.revokeFamily(row.family_id, 'logout', now)
        })
      }
    },

    async me(claims: AccessClaims): Promise<Customer> {
      const row = await customerOf(claims)
      const newsletter = await storage.newsletter.findForCustomer(row.id, row.email_key)
      return toCustomerAnswer(row, await storage.customers.listAddresses(claims.customerId), newsletter?.status === 'subscribed')
    },

    /**
     * Adds the addresses without an id and updates those with one, in one transaction; a new default
     * clears that flag on the customer's other addresses. ForbiddenError for another customer's id
     * (in the path or on an address) or an address id that is not theirs. A save named by
     * `requestKey` (the Idempotency-Key header) is applied once: sent again, it changes nothing and
     * answers the book as it stands.
     */
    async saveAddresses(
      claims: AccessClaims,
      pathCustomerId: number | undefined,
      bodyCustomerId: number | undefined,
      addresses: readonly AddressInputBody[],
      requestKey?: string,
    ): Promise<Customer> {
      const row = await customerOf(claims)
      for (const id of [pathCustomerId, bodyCustomerId, ...addresses.map((a) => a.customer_id)]) {
        if (id !== undefined && id !== row.id) throw new ForbiddenError(USER_MESSAGES.notYours)
      }
      const now = clock().toISOString()
      const saved = await storage.transaction(async (repos) => {
        const repeat = requestKey !== undefined && !(await repos.customers.claimAddressRequest(row.id, requestKey, now))
        for (const address of repeat ? [] : addresses) {
          const input = toAddressInput(address)
          const stored =
            address.id === undefined
              ? await repos.customers.insertAddress(row.id, input, now)
              : await repos.customers.updateAddress(row.id, address.id, input, now)
          if (!stored) throw new ForbiddenError(USER_MESSAGES.notYours)
          if (stored.default_shipping) await repos.customers.clearDefault(row.id, 'default_shipping', stored.id, now)
          if (stored.default_billing) await repos.customers.clearDefault(row.id, 'default_billing', stored.id, now)
        }
        return repos.customers.listAddresses(row.id)
      })
      return toCustomerAnswer(row, saved)
    },

    /** Deletes one of the customer's addresses; NotFoundError when they have none with this id. */
    async deleteAddress(claims: AccessClaims, addressId: number | undefined): Promise<void> {
      await customerOf(claims)
      if (addressId === undefined) throw new InvalidRequestError(USER_MESSAGES.addressIdMissing)
      if (!(await storage.customers.deleteAddress(claims.customerId, addressId))) throw new NotFoundError(`No such entity with addressId = ${addressId}`)
    },

    /**
     * Saves the name and the e-mail address. Another mailbox needs the current password (checked
     * before anything else, so a token alone learns nothing, not even whether the address is taken),
     * and once changed, the old address is told in `store`'s language (else the account's store
     * view's): a mail failure is logged, the change stands.
     */
    async updateMe(claims: AccessClaims, input: CustomerInput, currentPassword: string | undefined, store: StoreCode | undefined): Promise<Customer> {
      const before = await customerOf(claims)
      const newKey = emailKey(input.email)
      const emailChanges = newKey !== before.email_key
      if (emailChanges) {
        if (currentPassword === undefined) throw new EmailChangeNeedsPasswordError()
        if (!(await verifyPassword(currentPassword, before.password_hash))) throw new CurrentPasswordWrongError()
      }
      const row = await storage.customers.updateProfile(claims.customerId, { ...input, emailKey: newKey }, clock().toISOString())
      if (!row) throw new InvalidRequestError(USER_MESSAGES.emailTaken)
      if (emailChanges) await tellFormerAddress(before, row, store)
      return toCustomerAnswer(row, await storage.customers.listAddresses(row.id))
    },

    /**
     * Mails a link to set a new password, when the address has an account; answers the same either
     * way (nobody learns from it whether an address has an account). The mail is in `store`'s
     * language, else in that of the store view the account was made in.
     */
    async requestPasswordReset(email: string, store: StoreCode | undefined, origin: string): Promise<void> {
      const row = await storage.customers.findByEmailKey(emailKey(email))
      if (!row) return
      const token = newOpaqueToken()
      await storage.customers.addPasswordReset(hashToken(token), row.id, clock().toISOString(), later(PASSWORD_RESET_HOURS * 3600))
      const mailStore = store ?? storeOfAccount(row)
      const content = passwordResetMailContent({
        store: mailStore,
        name: `${row.firstname} ${row.lastname}`,
        email: row.email,
        link: createPasswordUrl(origin, mailStore, token, row.email),
        hours: PASSWORD_RESET_HOURS,
      })
      try {
        await mail.mailer.send({ to: row.email, ...content, key: `password-reset-${row.id}` })
      } catch (err) {
        mail.log.error({ err }, `the password reset mail of customer ${row.id} was not sent`)
        throw new AccountMailError('The password reset mail could not be sent. Please try again later.')
      }
    },

    /** Sets the password from a reset link (once, before it expires) and ends every login of the customer. */
    async createPassword(email: string, resetToken: string, newPassword: string): Promise<void> {
      const hash = await hashPassword(newPassword)
      const now = clock().toISOString()
      const refusal = await storage.transaction(async (repos) => {
        const reset = await repos.customers.lockPasswordReset(hashToken(resetToken))
        const row = reset ? await repos.customers.findById(reset.customer_id) : null
        if (!reset || !row || row.email_key !== emailKey(email) || reset.used_at !== null) return USER_MESSAGES.resetTokenMismatch
        if (reset.expires_at <= now) return USER_MESSAGES.resetTokenExpired
        await repos.customers.setPasswordHash(row.id, hash, now)
        await repos.customers.usePasswordResets(row.id, now)
        await repos.customers.revokeFamiliesOf(row.id, 'password reset', now)
        return null
      })
      if (refusal) throw new InvalidRequestError(refusal)
    },

    /** The customer's orders (bound by their token when placed), newest first. */
    async orderHistory(claims: AccessClaims, pageSize: number, currentPage: number): Promise<OrderHistoryResult> {
      await customerOf(claims)
      const { orders, total } = await storage.orders.listForCustomer(claims.customerId, pageSize, (currentPage - 1) * pageSize)
      const lines = await storage.orders.listLinesOf(orders.map((o) => o.id))
      return {
        items: orders.map((o) =>
          toHistoryItem(
            o,
            lines.filter((l) => l.order_id === o.id),
          ),
        ),
        search_criteria: { page_size: pageSize, current_page: currentPage },
        total_count: total,
      }
    },

    /** Sets the new password and ends every other login of the customer. */
    async changePassword(claims: AccessClaims, currentPassword: string, newPassword: string): Promise<void> {
      const row = await customerOf(claims)
      if (!(await verifyPassword(currentPassword, row.password_hash))) throw new CurrentPasswordWrongError()
      const hash = await hashPassword(newPassword)
      const now = clock().toISOString()
      await storage.transaction(async (repos) => {
        await repos.customers.setPasswordHash(row.id, hash, now)
        await repos.customers.revokeFamiliesOf(row.id, 'password changed', now, claims.familyId)
        await repos.customers.usePasswordResets(row.id, now)
      })
    },
  }
  return service
}
export type UserService = ReturnType<typeof createUserService>
