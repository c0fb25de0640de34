import { useLocation, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useUrlResolution } from '../data/use-url-resolution'
import { NotFoundPage } from './not-found-page'
import { OfflineUnavailable } from '../components/offline-unavailable'
import { ServerTrouble } from '../components/server-trouble'
import { useStoreView } from '../ui/store-view'

/** The kiosk's setup screen (/kiosk): a staff page, kept out of the route table so no shopper's first load names it. */
const KioskSetup = lazy(() => import('../kiosk/kiosk-entry').then((module) => ({ default: module.KioskSetupRoute })))

/**
 * Any path the route table does not match (spec §2: the page-not-found route) is first resolved
 * through the stored URL mappings (a shop url_path, a legacy Magento path): a hit replaces the
 * history entry with the entity's own route; no mapping shows "not found"; offline with nothing
 * stored shows the spec's offline notice, whose OK goes to the store home; a server failing while
 * online shows server trouble with a Retry.
 */
export function UrlDispatcherPage() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const { basePath } = useStoreView()
  const within = pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname
  if (within.replace(/\/+$/, '') === '/kiosk')
    return (
      <Suspense fallback={null}>
        <KioskSetup />
      </Suspense>
    )
  return <Dispatch pathname={pathname} />
}

function Dispatch({ pathname }: { pathname: string }) {
  const [attempt, setAttempt] = useState(0)
  const resolution = useUrlResolution(pathname, attempt)
  const navigate = useNavigate()
  const to = resolution && 'to' in resolution ? resolution.to : null
  useEffect(() => {
    if (to) void navigate({ to, replace: true })
  }, [to, navigate])
  if (!resolution || to) return <Resolving />
  if (resolution.kind === 'offline-unavailable') return <OfflineUnavailable />
  if (resolution.kind === 'server-trouble') return <ServerTrouble onRetry={() => setAttempt((n) => n + 1)} />
  return <NotFoundPage />
}

function Resolving() {
  const { LL } = useI18nContext()
  return (
    <section className="empty-state" aria-busy="true" data-route="url-dispatcher">
      <p role="status">{LL.notFound.resolving()}</p>
    </section>
  )
}
