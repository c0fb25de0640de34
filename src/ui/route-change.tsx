import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { dispatchBreadcrumbs } from './breadcrumbs-state'
import { useCloseAllPanels } from './panels'
import { useRouteHistoryTracking } from './route-history'

/** /p/{parentSku}/{slug}[/{childSku}] → the product part, so a variant switch is not a new page. */
export function pageKey(pathname: string): string {
  const product = /^(.*\/p\/[^/]+\/[^/]+)(?:\/[^/]+)?\/?$/.exec(pathname)
  return product ? product[1]! : pathname
}

/**
 * On a move to another page: every panel closes (the microcart must not reappear on the next page) and
 * focus goes to the main region, as a full page load would reset it for keyboard and screen-reader
 * users. A variant switch on the same product keeps focus on the option button.
 */
export function RouteChangeEffects() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const close = useCloseAllPanels()
  useRouteHistoryTracking()
  const previous = useRef<string | null>(null)
  useEffect(() => {
    const key = pageKey(pathname)
    if (previous.current !== null && previous.current !== key) {
      dispatchBreadcrumbs({ type: 'navigating' })
      close()
      document.getElementById('main')?.focus({ preventScroll: true })
    }
    previous.current = key
  }, [pathname, close])
  return null
}
