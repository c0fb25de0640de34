/**
 * /api/ext/data-protection/* (shapes in domain/api/privacy.schema.ts): download, anonymise and
 * delete, each with the customer's token and their password again. A wrong password answers
 * `{errorMessage}` (400), as change-password does. Answers are never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PrivacyBodySchema, PrivacyExportSchema } from '../../domain/api/privacy.schema'
import { UserErrorResultSchema } from '../../domain/api/user.schema'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import { PrivacyPasswordError, type PrivacyService } from '../services/privacy-service'
import type { UserService } from '../services/user-service'

export interface PrivacyRouteOptions {
  privacy: PrivacyService
  users: UserService
}

export async function privacyRoutes(app: FastifyInstance, opts: PrivacyRouteOptions): Promise<void> {
  const { privacy, users } = opts
  const handle =
    (run: (claims: Awaited<ReturnType<UserService['authenticate']>>, password: string) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const claims = await users.authenticate(accessTokenOf(request))
      const body = parseWith(PrivacyBodySchema, request.body ?? {})
      noStore(reply)
      try {
        return sendEnvelope(reply, 200, await run(claims, body.password))
      } catch (err) {
        if (err instanceof PrivacyPasswordError) return sendEnvelope(reply, 400, UserErrorResultSchema.parse({ errorMessage: err.message }))
        throw err
      }
    }

  app.post(
    '/api/ext/data-protection/download',
    handle(async (claims, password) => PrivacyExportSchema.parse(await privacy.download(claims, password))),
  )
  app.post(
    '/api/ext/data-protection/anonymise',
    handle(async (claims, password) => {
      await privacy.anonymise(claims, password)
      return true
    }),
  )
  app.post(
    '/api/ext/data-protection/delete',
    handle(async (claims, password) => {
      await privacy.delete(claims, password)
      return true
    }),
  )
}
