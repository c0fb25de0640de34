/**
 * The gateway's shapes (replication/api-client): what a task and a search send, the answers'
 * schemas the client reads them with, and the typed results it hands out.
 */
import { z } from 'zod'
import type { ProductOption } from '../domain/cart.schema'
import type { OrderRefusal, PlacedOrderAnswer } from '../domain/api/order.schema'
import { CheckpointSchema } from '../domain/api/replication.schema'
import type { AnswerKind } from './api-answer'

/** A request as a sync task stores it (replication/sync-task): its URL may hold {{token}} and {{cartId}}. */
export interface TaskRequest {
  url: string
  payload: { method: string; headers: Record<string, string>; body?: string }
}

/** What a task's placeholders stand for at the moment it is sent. */
export interface TaskContext {
  token: string | null
  cartId: () => string | null
}

export const ReplicatedDocumentSchema = z.object({ id: z.string(), updated_at: z.string(), _deleted: z.boolean().default(false) }).catchall(z.unknown())
export const PullResultSchema = z.object({ documents: z.array(ReplicatedDocumentSchema), checkpoint: CheckpointSchema.nullable() })

const SearchHitSchema = z.object({ _id: z.union([z.string(), z.number()]).optional(), _source: z.record(z.string(), z.unknown()) })
/** ES-shaped answer; `total` is a number in old ES and `{value}` in new. Compact answers are flat. */
export const SearchResponseSchema = z.union([
  z.object({
    hits: z.object({
      total: z.union([z.number(), z.object({ value: z.number() })]),
      hits: z.array(SearchHitSchema),
    }),
  }),
  z.object({ total: z.number(), hits: z.array(z.record(z.string(), z.unknown())) }),
])

export interface SearchPage {
  total: number
  documents: Record<string, unknown>[]
}

export interface CartItemUpdate {
  sku: string
  qty: number
  product_option?: ProductOption
  item_id?: number
}

/** login and refresh: `result` is the access token, `meta.refreshToken` its refresh token (contract §2.1). */
export interface TokenPair {
  accessToken: string
  refreshToken: string
}

/** POST /api/order's two well-formed answers; anything else is thrown. */
export type OrderAnswer = { kind: 'placed'; result: PlacedOrderAnswer } | { kind: 'refused'; refusal: OrderRefusal }

export interface SearchParams {
  size?: number
  from?: number
  /** "field:dir" */
  sort?: string
  includeFields?: string[]
  /** past it, a TimeoutError (spec §9: 5000 ms for search-like calls) */
  timeoutMs?: number
}

/** One call of ApiClient's private request. */
export interface RequestSpec<S extends z.ZodType> {
  url: string
  method: string
  /** a JSON string, as fetch sends it */
  body?: string
  headers?: Record<string, string>
  init?: Pick<RequestInit, 'cache' | 'mode'>
  answer: AnswerKind
  /** the domain/api schema of the result (envelope) or of the whole body (bare) */
  schema: S
  /** past it, a TimeoutError (and the fetch is aborted) */
  timeoutMs?: number
  /**
   * A sync task: any envelope `code` is its answer (not an ApiError), and "not now" statuses throw
   * RetryLaterError before the body is read, so the task stays first in line.
   */
  task?: boolean
}
