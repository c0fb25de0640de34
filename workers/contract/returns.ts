/**
 * Returns as the UI asks them (workers/orders/returns-module): what of a delivered order may still
 * be returned, and a return sent. The worker answers keys, never text: the UI words them.
 */
import type { ReturnableResult, ReturnReason } from '../../domain/api/return.schema'

export type { ReturnableLine, ReturnableResult, ReturnReason } from '../../domain/api/return.schema'

/**
 * `orderToken`: a guest's order key (from the order mail's link; else the worker's own for an order this
 * device placed); a customer's order goes with their token
 */
export type ReturnCommand =
  | { type: 'returnable'; orderNumber: string; orderToken?: string }
  | { type: 'send'; orderNumber: string; orderToken?: string; reason: ReturnReason; lines: { sku: string; qty: number }[] }

/** notFound: no such order for this shopper (or a wrong key); notLoggedIn: a customer's order without their session */
export type ReturnError = 'offline' | 'notFound' | 'notLoggedIn' | 'notDelivered' | 'periodOver' | 'invalid' | 'tooManyAttempts' | 'serverError'

export interface ReturnCommandResult {
  ok: boolean
  error?: ReturnError
  returnable?: ReturnableResult
  /** send: the return's number */
  returnNumber?: string
}
