/**
 * The demo shop's own pages, footer blocks, their tree and the blog for one store view. Ids and identifiers come from
 * PAGE_IDS / BLOCK_IDS, so every store view has the same set (as products keep their ids); only
 * the text and the links' store prefix differ. The Belgian store view shares the Dutch text.
 */
import type { BlogCategory, BlogPost } from '../../../domain/blog.schema'
import type { CmsBlock, CmsHierarchyNode, CmsPage } from '../../../domain/cms.schema'
import type { StoreCode } from '../../../domain/store-views'
import { demoBlogCategories, demoBlogPosts, demoCmsHierarchy } from './blog'
import { englishLegalPages } from './en-legal'
import { englishPrivacyPages } from './en-privacy'
import { englishReturnsPage } from './en-returns'
import { englishBlocks, englishShopPages } from './en-shop'
import { frenchLegalPages } from './fr-legal'
import { frenchPrivacyPages } from './fr-privacy'
import { frenchReturnsPage } from './fr-returns'
import { frenchSpacedEach } from './format'
import { frenchBlocks, frenchShopPages } from './fr-shop'
import { dutchLegalPages } from './nl-legal'
import { dutchPrivacyPages } from './nl-privacy'
import { dutchReturnsPage } from './nl-returns'
import { dutchBlocks, dutchShopPages } from './nl-shop'
import { BLOCK_IDS, contextFor, PAGE_IDS, type BlockKey, type BlockText, type ContentContext, type PageKey, type PageText } from './types'

interface LanguageContent {
  pages: (c: ContentContext) => Record<PageKey, PageText>
  blocks: (c: ContentContext) => Record<BlockKey, BlockText>
}

const english: LanguageContent = {
  pages: (c) => ({ ...englishShopPages(c), ...englishLegalPages(c), ...englishPrivacyPages(c), returns: englishReturnsPage(c) }),
  blocks: englishBlocks,
}

const dutch: LanguageContent = {
  pages: (c) => ({ ...dutchShopPages(c), ...dutchLegalPages(c), ...dutchPrivacyPages(c), returns: dutchReturnsPage(c) }),
  blocks: dutchBlocks,
}

const french: LanguageContent = {
  pages: (c) => frenchSpacedEach({ ...frenchShopPages(c), ...frenchLegalPages(c), ...frenchPrivacyPages(c), returns: frenchReturnsPage(c) }),
  blocks: (c) => frenchSpacedEach(frenchBlocks(c)),
}

const BY_STORE: Record<StoreCode, LanguageContent> = { en: english, nl: dutch, be: dutch, fr: french }

export function demoCmsPages(store: StoreCode): CmsPage[] {
  const texts = BY_STORE[store].pages(contextFor(store))
  return (Object.keys(PAGE_IDS) as PageKey[]).map((identifier) => {
    const { content, ...text } = texts[identifier]
    return { id: PAGE_IDS[identifier], identifier, ...text, content_heading: text.title, content, active: true }
  })
}

export function demoCmsBlocks(store: StoreCode): CmsBlock[] {
  const texts = BY_STORE[store].blocks(contextFor(store))
  return (Object.keys(BLOCK_IDS) as BlockKey[]).map((identifier) => ({ id: BLOCK_IDS[identifier], identifier, ...texts[identifier], active: true }))
}

export interface DemoContent {
  cms_pages: CmsPage[]
  cms_blocks: CmsBlock[]
  cms_hierarchy: CmsHierarchyNode[]
  blog_categories: BlogCategory[]
  blog_posts: BlogPost[]
}

/** What a store view's catalogue carries of the demo content: pages, blocks, their tree and the blog. */
export function demoCms(store: StoreCode): DemoContent {
  const pages = demoCmsPages(store)
  const titles = Object.fromEntries(pages.map((p) => [p.identifier, p.title])) as Record<PageKey, string>
  return {
    cms_pages: pages,
    cms_blocks: demoCmsBlocks(store),
    cms_hierarchy: demoCmsHierarchy(store, titles),
    blog_categories: demoBlogCategories(store),
    blog_posts: demoBlogPosts(store),
  }
}
