/**
 * A content page's meta description (a CMS page, a blog post). Its own module, not document-title's:
 * only the content pages' chunks load it, so the shell's first load stays without it.
 */
import { useEffect } from 'react'

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
