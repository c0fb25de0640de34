/**
 * The content tables the `cms` replicated collection is made of, one line each. Every one has the
 * core columns of cms_pages (store_code, id, identifier, active, doc, updated_at, deleted) and its
 * (store_code, updated_at, id) index; `kind` names its documents in the collection (the id
 * `${kind}-${id}`), `lightOmits` the fields the shopper's light projection leaves out (what is
 * fetched when the shopper opens it). A kind, once released, is never renamed: clients keep its ids.
 */
export interface ContentFeedSource {
  kind: string
  table: string
  lightOmits: readonly string[]
}

export const CONTENT_FEED_SOURCES: readonly ContentFeedSource[] = [
  { kind: 'page', table: 'cms_pages', lightOmits: ['content'] },
  { kind: 'block', table: 'cms_blocks', lightOmits: [] },
]

export function contentFeedSource(kind: string): ContentFeedSource | undefined {
  return CONTENT_FEED_SOURCES.find((s) => s.kind === kind)
}
