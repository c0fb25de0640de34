/**
 * How the client reads an answer of the headless API, the way vue-storefront clients read it: a
 * JSON content type first, then the body — the envelope's `code`, not the HTTP status, says how the
 * call went. The kinds of answer the API gives:
 *
 * - `envelope`: `{code, result}` (every call of spec §7); a non-200 `code` is an ApiError.
 * - `bare`: plain JSON (the URL map's hit); an envelope there is the server's error, so is a non-ok status.
 * - `either`: bare or enveloped (catalogue search: ES-shaped, wrapped by some proxies).
 * - `none`: the body is not read; any HTTP answer will do (the reachability probe).
 *
 * May fail with BadContentTypeError (not JSON: a proxy page, a captive portal), WrongResponseFormatError
 * (an empty body, broken JSON, no envelope where one is due) or ApiError (the server's refusal).
 */
import { z } from 'zod'
import { ErrorEnvelopeSchema } from '../domain/api/envelope'
import { ApiError, BadContentTypeError, WrongResponseFormatError } from './api-errors'

export type AnswerKind = 'envelope' | 'bare' | 'either' | 'none'

export interface Answer<T = unknown> {
  /** HTTP status */
  status: number
  /** the envelope's `code`; the HTTP status for bare answers */
  code: number
  result: T
  meta?: Record<string, unknown>
}

const EnvelopeSchema = ErrorEnvelopeSchema.extend({ meta: z.record(z.string(), z.unknown()).optional() })

function isEnvelopeShaped(json: unknown): json is { code: unknown; result: unknown } {
  return json !== null && typeof json === 'object' && 'code' in json && 'result' in json
}

async function readJson(response: Response, url: string): Promise<unknown> {
  const contentType = response.headers.get('content-type')
  if (!contentType || !contentType.toLowerCase().includes('application/json')) throw new BadContentTypeError(url, contentType, response.status)
  const text = await response.text()
  if (!text) throw new WrongResponseFormatError(url, 'empty body')
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new WrongResponseFormatError(url, 'body is not JSON')
  }
}

/**
 * Reads `response` as `kind`. With `anyCode` an envelope's non-200 `code` is returned, not thrown:
 * a sync task's answer is recorded whatever it says (the queue itself handles 401).
 */
export async function readAnswer(response: Response, url: string, kind: AnswerKind, anyCode = false): Promise<Answer> {
  const { status } = response
  if (kind === 'none') return { status, code: status, result: undefined }
  const json = await readJson(response, url)
  if (kind === 'envelope') {
    const envelope = EnvelopeSchema.safeParse(json)
    if (!envelope.success || !isEnvelopeShaped(json)) throw new WrongResponseFormatError(url, 'no {code, result} envelope')
    const { code, result, meta } = envelope.data
    if (code !== 200 && !anyCode) throw new ApiError(code, result, url)
    return { status, code, result, meta }
  }
  if (isEnvelopeShaped(json)) {
    const code = typeof json.code === 'number' ? json.code : status
    // a bare answer never comes enveloped: the envelope is the server's error
    if (kind === 'bare' || json.code !== 200) throw new ApiError(code, json.result, url)
    return { status, code, result: json.result }
  }
  if (!response.ok) throw new ApiError(status, json, url)
  return { status, code: status, result: json }
}
