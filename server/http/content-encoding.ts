/**
 * Content encodings the server sends (br, else gzip), and the compressed twins of answers it keeps
 * in memory.
 *
 * A cached catalogue answer is the same Buffer on every hit, so its brotli and gzip bytes are made
 * once, on the first request that takes that encoding, and kept beside it in a WeakMap: they live
 * exactly as long as the cached answer (the answer cache drops the Buffer, the twins go with it) and
 * are not counted in the cache's byte budget (a tenth of the answer or less). @fastify/compress
 * compresses on every send; here each answer is compressed once per encoding (small ones on the
 * event loop, big ones on zlib's thread pool: COMPRESS_ON_LOOP_LIMIT).
 */
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'

export type ContentEncoding = 'br' | 'gzip'

/** answers below this go out as they are (the same threshold as the app's @fastify/compress) */
export const COMPRESS_THRESHOLD = 1024

/** br, else gzip, when the Accept-Encoding header takes it (q > 0); null for neither. */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const accepted = new Map<string, number>()
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// brotli quality 5 (the plugin's is 4): made once per cached answer, a little more time buys ~5 % fewer bytes
const brotliOptions = (body: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
})
const GZIP_OPTIONS = { level: 6 }

/**
 * Answers up to this size are compressed on the event loop, bigger ones on zlib's thread pool. A
 * page of whole products compresses quickly either way, but the pool's round trip can wait for a
 * core beside the event loop and the database on a busy small machine. A bigger answer (up to 4,000
 * documents) would hold the loop too long: it goes to the pool.
 */
export const COMPRESS_ON_LOOP_LIMIT = 256 * 1024

/** each encoding on the event loop and on zlib's pool, with the same options */
const COMPRESSORS: Record<ContentEncoding, { onLoop: (body: Buffer) => Buffer; onPool: (body: Buffer) => Promise<Buffer> }> = {
  br: { onLoop: (body) => brotliCompressSync(body, brotliOptions(body)), onPool: (body) => brotli(body, brotliOptions(body)) },
  gzip: { onLoop: (body) => gzipSync(body, GZIP_OPTIONS), onPool: (body) => gzipAsync(body, GZIP_OPTIONS) },
}

const twins = new WeakMap<Buffer, Partial<Record<ContentEncoding, Promise<Buffer>>>>()

/** The body compressed with `encoding`, made once per Buffer (concurrent first requests share the work). */
export function compressedTwin(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  let forBody = twins.get(body)
  if (!forBody) {
    forBody = {}
    twins.set(body, forBody)
  }
  let twin = forBody[encoding]
  if (!twin) {
    twin = compress(encoding, body)
    forBody[encoding] = twin
    // a failed compression is not kept: the next request tries again
    twin.catch(() => {
      if (forBody[encoding] === twin) delete forBody[encoding]
    })
  }
  return twin
}

/** On the loop up to COMPRESS_ON_LOOP_LIMIT, else on the pool; a throw on the loop becomes a rejection, as the pool's failure is. */
function compress(encoding: ContentEncoding, body: Buffer): Promise<Buffer> {
  const compressor = COMPRESSORS[encoding]
  if (body.length > COMPRESS_ON_LOOP_LIMIT) return compressor.onPool(body)
  try {
    return Promise.resolve(compressor.onLoop(body))
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)))
  }
}
