/**
 * The CMS extension's reads: an active page or block by id in a store view, or by identifier in
 * the store view with that store id. Unknown, inactive and deleted ones are all "not found".
 */
import { storeViewById, type StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import { NotFoundError } from './errors'

export type CmsKind = 'page' | 'block'

type Doc = Record<string, unknown>

const LABEL: Record<CmsKind, string> = { page: 'CMS page', block: 'CMS block' }

export function createCmsService(storage: Storage) {
  const table = (kind: CmsKind) => (kind === 'page' ? storage.cms.pages : storage.cms.blocks)

  function found(kind: CmsKind, doc: Doc | null, named: string): Doc {
    if (!doc) throw new NotFoundError(`${LABEL[kind]} ${named} not found`)
    return doc
  }

  return {
    async byId(kind: CmsKind, storeCode: StoreCode, id: number): Promise<Doc> {
      return found(kind, await table(kind).findActiveById(storeCode, id), `id ${id}`)
    },

    async byIdentifier(kind: CmsKind, identifier: string, storeId: number): Promise<Doc> {
      const storeView = storeViewById(storeId)
      const doc = storeView ? await table(kind).findActiveByIdentifier(storeView.storeCode, identifier) : null
      return found(kind, doc, `"${identifier}" of store ${storeId}`)
    },
  }
}
export type CmsService = ReturnType<typeof createCmsService>
