/**
 * /i/{slug}: a CMS page (spec §2 cms-page; the slug is the page identifier, which may hold slashes:
 * `customer-service/gift-wrapping`, so the route takes the rest of the path), from the data
 * worker's content module: stored on this device, or fetched and kept when opened online. Its
 * title and description come from the page's meta fields. Unknown pages are the not-found page;
 * offline, a page this device never opened is the spec's offline notice.
 */
import { useParams } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs'
import { loadCmsHtml } from '../../components/lazy-panels'
import { OfflineUnavailable } from '../../components/offline-unavailable'
import { ServerTrouble } from '../../components/server-trouble'
import { useCmsPage } from '../../data/use-content'
import type { CmsPageContent, CmsPageView } from '../../data/worker-types'
import { useDocumentTitle } from '../../ui/document-title'
import { useMetaDescription } from '../../ui/meta-description'
import { useLaterModule } from '../../ui/later-module'
import { NotFoundPage } from '../not-found-page'

export function CmsRoutePage() {
  const slug = useParams({ from: '/default/i/$', select: (params) => params._splat ?? '' })
  const [attempt, setAttempt] = useState(0)
  const view = useCmsPage(slug, attempt)
  if (!view || view.state === 'loading') return <article className="cms-page" data-route="cms-page" aria-busy="true" />
  if (view.state === 'offline-unavailable') return <OfflineUnavailable />
  if (view.state === 'server-trouble') return <ServerTrouble onRetry={() => setAttempt((n) => n + 1)} />
  if (view.state === 'missing' || !view.page) return <NotFoundPage />
  return <CmsArticle page={view.page} breadcrumbs={view.breadcrumbs} />
}

/** The tab title (the page's meta title names the shop itself) and the meta description, from the page's meta fields. */
function usePageHead(page: CmsPageContent): void {
  useDocumentTitle(page.meta_title ? null : page.title)
  useEffect(() => {
    if (page.meta_title) document.title = page.meta_title
  }, [page.meta_title])
  useMetaDescription(page.meta_description)
}

function CmsArticle({ page, breadcrumbs }: { page: CmsPageContent; breadcrumbs: CmsPageView['breadcrumbs'] }) {
  usePageHead(page)
  // the sanitiser (DOMPurify) and the HTML come after the first load (src/ui/later-module.ts): the
  // page's frame, title and trail first
  const html = useLaterModule(loadCmsHtml)
  const crumbs: Crumb[] = [...breadcrumbs.map((b) => ({ label: b.title, ...(b.identifier ? { page: b.identifier } : {}) })), { label: page.title }]
  // the shop's HTML may open with its own heading: then it is the page's one h1
  const ownHeading = html !== undefined && /<h1[\s>]/i.test(page.content)
  return (
    <article className="cms-page" data-route="cms-page" data-identifier={page.identifier}>
      <Breadcrumbs crumbs={crumbs} />
      {ownHeading ? null : <h1>{page.content_heading ?? page.title}</h1>}
      {html ? <html.CmsHtml html={page.content} className="cms-page__content" /> : <div className="cms-page__content" aria-busy="true" />}
    </article>
  )
}
