/**
 * What services report when a request cannot be served. They say what went wrong in the shop's
 * words; the HTTP layer maps each kind to a status (services never see HTTP).
 */
export type FailureKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'incompatible' | 'unavailable'

export abstract class ServiceError extends Error {
  abstract readonly kind: FailureKind
}

/** The request is well-formed JSON but asks for something that cannot be (bad field, bad value). */
export class InvalidRequestError extends ServiceError {
  override name = 'InvalidRequestError'
  readonly kind = 'invalid' as const
}

export class InvalidIndexError extends ServiceError {
  override name = 'InvalidIndexError'
  readonly kind = 'invalid' as const
  constructor(index: string) {
    super(`Invalid / inaccessible index name given in the URL: ${index}`)
  }
}

export class CartNotFoundError extends ServiceError {
  override name = 'CartNotFoundError'
  readonly kind = 'not-found' as const
  constructor(cartId: string) {
    super(`No such entity with cartId = ${cartId}`)
  }
}

export class CartItemNotFoundError extends ServiceError {
  override name = 'CartItemNotFoundError'
  readonly kind = 'not-found' as const
  constructor(cartId: string, itemId: number) {
    super(`The ${cartId} Cart doesn't contain the ${itemId} item.`)
  }
}

/** Magento's answer to an unknown, inactive or expired coupon (contract §2.2: 404). */
export class CouponNotValidError extends ServiceError {
  override name = 'CouponNotValidError'
  readonly kind = 'not-found' as const
  constructor() {
    super("The coupon code isn't valid. Verify the code and try again.")
  }
}

export class ProductNotFoundError extends ServiceError {
  override name = 'ProductNotFoundError'
  readonly kind = 'not-found' as const
  constructor(sku: string) {
    super(`The product that was requested doesn't exist (sku "${sku}"). Verify the product and try again.`)
  }
}

export class StockItemNotFoundError extends ServiceError {
  override name = 'StockItemNotFoundError'
  readonly kind = 'not-found' as const
  constructor(sku: string) {
    super(`No stock item for sku "${sku}"`)
  }
}

export class ReplicationVersionError extends ServiceError {
  override name = 'ReplicationVersionError'
  readonly kind = 'incompatible' as const
}

/** A catalogue search ran past the server's search time-out (spec §9: 1,000 ms) and was stopped. */
export class SearchTimeoutError extends ServiceError {
  override name = 'SearchTimeoutError'
  readonly kind = 'unavailable' as const
  constructor(timeoutMs: number) {
    super(`The search took longer than ${timeoutMs} ms and was stopped; ask for fewer filters, facets or sort fields`)
  }
}

/** No customer token, or one that is forged, expired or revoked; also a refused sign-in (401). */
export class UnauthorizedError extends ServiceError {
  override name = 'UnauthorizedError'
  readonly kind = 'unauthorized' as const
}

/** A customer's token on something that is not theirs (403). */
export class ForbiddenError extends ServiceError {
  override name = 'ForbiddenError'
  readonly kind = 'forbidden' as const
}

/** Something the request names does not exist (or is not the customer's: the same answer). */
export class NotFoundError extends ServiceError {
  override name = 'NotFoundError'
  readonly kind = 'not-found' as const
}

/** The request clashes with what is stored (a provider account linked to another customer: 409). */
export class ConflictError extends ServiceError {
  override name = 'ConflictError'
  readonly kind = 'conflict' as const
}

/** An outside service the answer needs could not be reached (503). */
export class UnavailableError extends ServiceError {
  override name = 'UnavailableError'
  readonly kind = 'unavailable' as const
}
