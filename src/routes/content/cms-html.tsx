/**
 * CMS HTML as the page shows it: sanitised again here with DOMPurify (the server cleans it when
 * imported, but the client may talk to a plain vue-storefront-api whose HTML nobody cleaned), so
 * nothing unsanitised ever reaches the DOM; and its links into the shop navigated by the router.
 * Only lazily loaded chunks import this file (the CMS page, the footer's blocks): DOMPurify stays
 * out of the first load.
 */
import { useRouter } from '@tanstack/react-router'
import DOMPurify from 'dompurify'
import { useMemo, type MouseEvent } from 'react'
import { useStoreView } from '../../ui/store-view'
import { appPathOf } from './cms-links'

export function CmsHtml({ html, className }: { html: string; className?: string }) {
  const router = useRouter()
  const { storeView, basePath } = useStoreView()
  const clean = useMemo(() => DOMPurify.sanitize(html), [html])

  // a click on a link bubbles here (Enter on a focused link is a click too)
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element).closest('a')
    if (!link || !event.currentTarget.contains(link) || link.hasAttribute('download')) return
    if (link.target && link.target !== '_self') return
    const path = appPathOf(link.getAttribute('href') ?? '', window.location.href, storeView.storeCode)
    if (path === null) return
    event.preventDefault()
    router.history.push(`${basePath}${path}`)
  }

  // only the links inside take clicks and keys: their clicks are caught here as they bubble
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
}
