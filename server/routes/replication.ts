/**
 * /api/ext/replication/v{n}/{storeCode}/{collection}/pull and /stream. Only v1 is spoken; any
 * other version gets 426 so an outdated client knows to reload. The stream says RESYNC first (the
 * client pulls from its checkpoint), then pushes changes as imports commit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  PROJECTIONS,
  PullQuerySchema,
  REPLICATED_COLLECTIONS,
  REPLICATION_INCOMPATIBLE,
  REPLICATION_VERSION,
  type StreamEvent,
} from '../../domain/api/replication.schema'
import { STORE_CODES } from '../../domain/store-views'
import { sendEnvelopeText } from '../http/envelope'
import { parseWith } from '../http/validation'
import { ReplicationVersionError } from '../services/errors'
import { checkpointOf, compareReplicated, toReplicatedDocument, type ReplicationService } from '../services/replication-service'
import type { ChangeFeed } from '../storage/change-feed'

const HEARTBEAT_MS = 25_000
/** Bigger batches are not pushed: the client is told to RESYNC and pulls them in pages. */
const MAX_PUSHED_DOCUMENTS = 200

const PullPathSchema = z.object({ version: z.string(), storeCode: z.enum(STORE_CODES), collection: z.enum(REPLICATED_COLLECTIONS) })
const StreamPathSchema = z.object({ version: z.string(), storeCode: z.enum(STORE_CODES) })
const StreamQuerySchema = z.object({ projection: z.enum(PROJECTIONS).default('light') })

function checkVersion(version: string): void {
  if (version !== `v${REPLICATION_VERSION}`) throw new ReplicationVersionError(REPLICATION_INCOMPATIBLE.versionMismatch)
}

export async function replicationRoutes(
  app: FastifyInstance,
  opts: { replication: ReplicationService; changes: ChangeFeed; heartbeatMs?: number },
): Promise<void> {
  const openStreams = new Set<() => void>()
  // hijacked streams would otherwise keep app.close() waiting forever
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end()
  })

  app.get('/api/ext/replication/:version/:storeCode/:collection/pull', async (request, reply) => {
    checkVersion(String((request.params as { version?: unknown }).version))
    const { storeCode, collection } = parseWith(PullPathSchema, request.params)
    const query = parseWith(PullQuerySchema, request.query)
    return sendEnvelopeText(reply, 200, await opts.replication.pull(storeCode, collection, query))
  })

  app.get('/api/ext/replication/:version/:storeCode/stream', async (request: FastifyRequest, reply: FastifyReply) => {
    checkVersion(String((request.params as { version?: unknown }).version))
    const { storeCode } = parseWith(StreamPathSchema, request.params)
    const { projection } = parseWith(StreamQuerySchema, request.query)

    reply.hijack()
    const res = reply.raw
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store',
      Connection: 'keep-alive',
      'Access-Control-Allow-Origin': '*',
      'X-Accel-Buffering': 'no',
    })
    const send = (event: StreamEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`)
    send({ type: 'RESYNC' })

    const unsubscribe = opts.changes.subscribe((change) => {
      if (change.storeCode !== storeCode) return
      if (change.resync || change.rows.length > MAX_PUSHED_DOCUMENTS) return send({ type: 'RESYNC' })
      const documents = change.rows.map((r) => toReplicatedDocument(change.collection, r, projection)).sort(compareReplicated)
      const checkpoint = checkpointOf(documents)
      if (checkpoint) send({ type: 'changes', collection: change.collection, documents, checkpoint })
    })
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS)
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      clearInterval(heartbeat)
      unsubscribe()
      openStreams.delete(end)
      if (!res.writableEnded) res.end()
    }
    openStreams.add(end)
    request.raw.on('close', end)
    res.on('close', end)
  })
}
