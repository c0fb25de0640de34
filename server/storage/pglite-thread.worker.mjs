// PGlite on a thread of its own (see pglite-thread.ts). Plain JavaScript so that it runs in a
// worker thread under tsx, vitest and plain node alike, without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

const asText = (value) => value
// the same parsers Drizzle's PGlite driver passes: dates, intervals and numeric arrays stay text
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
}

function describeError(err) {
  const out = { name: err?.name ?? 'Error', message: err?.message ?? String(err) }
  for (const key of ['code', 'detail', 'hint', 'position', 'severity', 'schema', 'table', 'column', 'constraint']) {
    if (err && err[key] !== undefined) out[key] = err[key]
  }
  return out
}

let db
try {
  db = await PGlite.create(workerData.dir, { extensions: { pg_trgm, unaccent } })
  parentPort.postMessage({ ready: true })
} catch (err) {
  parentPort.postMessage({ ready: false, error: describeError(err) })
}

parentPort.on('message', async (message) => {
  const { id } = message
  try {
    if (message.close) {
      await db?.close()
      parentPort.postMessage({ id, result: null })
      return
    }
    const result = await db.query(message.sql, message.params, { rowMode: message.rowMode, parsers })
    parentPort.postMessage({ id, result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } })
  } catch (err) {
    parentPort.postMessage({ id, error: describeError(err) })
  }
})
