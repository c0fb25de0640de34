/**
 * The CMS extension's reads: an active page, block, hierarchy node, or published blog post or
 * category by id in a store view, or by identifier (a blog record's url_key) in the store view with
 * that store id. Unknown, inactive, unpublished and deleted ones are all "not found".
 */
import { storeViewById, type StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import { NotFoundError } from './errors'

export type CmsKind = 'page' | 'block' | 'hierarchy' | 'blog' | 'blogCategory'

type Doc = Record<string, unknown>

const LABEL: Record<CmsKind, string> = {
  page: 'CMS page',
  block: 'CMS block',
  hierarchy: 'CMS hierarchy node',
  blog: 'Blog post',
  blogCategory: 'Blog category',
}

export function createCmsService(storage: Storage) {
  const tables = {
    page: storage.cms.pages,
    block: storage.cms.blocks,
    hierarchy: storage.cms.hierarchy,
    blog: storage.cms.blogPosts,
    blogCategory: storage.cms.blogCategories,
  } satisfies Record<CmsKind, unknown>
  const table = (kind: CmsKind) => tables[kind]

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
