/**
 * Parsing request parts with the domain/api zod schemas, with messages a person can act on:
 * "cartItem.qty: must be greater than 0".
 */
import type { z } from 'zod'
import { formatIssues, InvalidRequestError } from '../services/errors'

export class RequestValidationError extends InvalidRequestError {
  override name = 'RequestValidationError'
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, root?: string): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new RequestValidationError(formatIssues(parsed.error, root))
  return parsed.data
}
