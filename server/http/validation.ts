/**
 * Parsing request parts with the domain/api zod schemas, with messages a person can act on:
 * "cartItem.qty: must be greater than 0".
 */
import type { z } from 'zod'
import { InvalidRequestError } from '../services/errors'

export class RequestValidationError extends InvalidRequestError {
  override name = 'RequestValidationError'
}

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

export function formatIssues(error: z.ZodError, root?: string): string {
  return error.issues
    .map((i) => {
      const path = [root, ...i.path.map(String)].filter(Boolean).join('.')
      return `${path || '(body)'}: ${describe(i)}`
    })
    .join('; ')
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, root?: string): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new RequestValidationError(formatIssues(parsed.error, root))
  return parsed.data
}
