/**
 * What services report when a request cannot be served. They say what went wrong in the shop's
 * words; the HTTP layer maps each kind to a status (services never see HTTP).
 */
import type { z } from 'zod'

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

/** A zod issue in words a person can act on: "must be greater than 0". */
function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') return min <= 1 ? 'must not be empty' : `must be at least ${min} characters`
      if (issue.origin === 'array') return `must have at least ${min} items`
      return issue.inclusive ? `must be at least ${min}` : `must be greater than ${min}`
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'string') return `must be at most ${max} characters`
      if (issue.origin === 'array') return `must have at most ${max} items`
      return issue.inclusive ? `must be at most ${max}` : `must be less than ${max}`
    }
    case 'invalid_type':
      return issue.message.includes('received undefined') ? 'is required' : `must be ${issue.expected}`
    default:
      return issue.message
  }
}

/** Every issue with its path under `root`: "cartItem.qty: must be greater than 0". */
export function formatIssues(error: z.ZodError, root?: string): string {
  return error.issues
    .map((i) => {
      const path = [root, ...i.path.map(String)].filter(Boolean).join('.')
      return `${path || '(body)'}: ${describe(i)}`
    })
    .join('; ')
}
