import { useEffect } from 'react'

/** Sets the tab title per page ("Page — Polder"). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — Polder` : 'Polder'
  }, [title])
}

/**
 * A CMS page's head: the tab title from its meta title (which names the shop itself) or its title,
 * and the meta description when it has one.
 */
export function useContentHead(page: { title: string; meta_title?: string; meta_description?: string }): void {
  useDocumentTitle(page.meta_title ? null : page.title)
  useEffect(() => {
    if (page.meta_title) document.title = page.meta_title
  }, [page.meta_title])
  useMetaDescription(page.meta_description)
}

/** The page's meta description, when it has one. */
export function useMetaDescription(description: string | undefined): void {
  useEffect(() => {
    if (!description) return
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description
  }, [description])
}
