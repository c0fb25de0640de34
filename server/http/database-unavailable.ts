/**
 * The answer to a request that failed because the database could not be reached or the connection
 * to it was lost (server/storage/connection-loss.ts): 503 with Retry-After, so the client's outbox
 * and replication wait and try again instead of taking the shop for broken, and a message in the
 * shopper's language. Never cached: the next try must reach the database.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'
import { STORE_VIEWS } from '../../domain/store-views'
import { noStore, sendEnvelope } from './envelope'
import { requestStoreCode } from './request-store-view'

loadAllLocales()

/**
 * Seconds a client is asked to wait: the pool connects again on the first request after the
 * database is back, so a short wait costs little and finds the shop serving soon after.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5

export function databaseUnavailableMessage(request: FastifyRequest): string {
  return i18nObject(STORE_VIEWS[requestStoreCode(request)].dictionary).serverErrors.databaseUnavailable()
}

export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  noStore(reply).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  return sendEnvelope(reply, 503, databaseUnavailableMessage(request))
}
