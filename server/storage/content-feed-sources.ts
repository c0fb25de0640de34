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
  /** the document's field the client finds it by, sent as `identifier` (a blog record's url_key, a banner's slot) */
  identifierField?: string
}

export const CONTENT_FEED_SOURCES: readonly ContentFeedSource[] = [
  { kind: 'page', table: 'cms_pages', lightOmits: ['content'], identifierField: 'identifier' },
  { kind: 'block', table: 'cms_blocks', lightOmits: [], identifierField: 'identifier' },
  { kind: 'hierarchy', table: 'cms_hierarchy', lightOmits: [], identifierField: 'identifier' },
  { kind: 'blog_category', table: 'blog_categories', lightOmits: [], identifierField: 'url_key' },
  // the blog's listings read the excerpt; a post's text comes when it is opened
  { kind: 'blog_post', table: 'blog_posts', lightOmits: ['content'], identifierField: 'url_key' },
  { kind: 'banner', table: 'banners', lightOmits: [], identifierField: 'slot' },
  { kind: 'info_banner', table: 'info_banners', lightOmits: [] },
]

export function contentFeedSource(kind: string): ContentFeedSource | undefined {
  return CONTENT_FEED_SOURCES.find((s) => s.kind === kind)
}
