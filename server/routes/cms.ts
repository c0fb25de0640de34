/**
 * The CMS extension, under VSF1's name (`/api/ext/cms-data/...`, contract §2.8) and the spec's
 * (`/api/ext/cms/...`, §7): cms{Type}/:id (in the store view the call names, else the default one)
 * and cms{Type}Identifier/:identifier/storeId/:storeId, for the types Page, Block, Hierarchy (a
 * node of the pages' tree), Blog (a post, by url_key) and BlogCategory. The envelope; 404 for an
 * unknown, inactive or unpublished one.
 */
import type { FastifyInstance } from 'fastify'
import { CmsByIdentifierParamsSchema, CmsByIdParamsSchema } from '../../domain/api/cms.schema'
import { DEFAULT_STORE_CODE } from '../../domain/store-views'
import { sendEnvelope } from '../http/envelope'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import type { CmsKind, CmsService } from '../services/cms-service'

const EXTENSION_NAMES = ['cms-data', 'cms'] as const
const KINDS: [CmsKind, string][] = [
  ['page', 'Page'],
  ['block', 'Block'],
  ['hierarchy', 'Hierarchy'],
  ['blog', 'Blog'],
  ['blogCategory', 'BlogCategory'],
]

export async function cmsRoutes(app: FastifyInstance, opts: { cms: CmsService }): Promise<void> {
  for (const extension of EXTENSION_NAMES) {
    for (const [kind, name] of KINDS) {
      app.get(`/api/ext/${extension}/cms${name}/:id`, async (request, reply) => {
        const { id } = parseWith(CmsByIdParamsSchema, request.params)
        return sendEnvelope(reply, 200, await opts.cms.byId(kind, askedStoreCode(request) ?? DEFAULT_STORE_CODE, id))
      })
      app.get(`/api/ext/${extension}/cms${name}Identifier/:identifier/storeId/:storeId`, async (request, reply) => {
        const { identifier, storeId } = parseWith(CmsByIdentifierParamsSchema, request.params)
        return sendEnvelope(reply, 200, await opts.cms.byIdentifier(kind, identifier, storeId))
      })
    }
  }
}
