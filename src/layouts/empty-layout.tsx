import { Outlet } from '@tanstack/react-router'

/** Nothing around the page (social-login pop-up callbacks). */
export function EmptyLayout() {
  return (
    <main id="main" tabIndex={-1} className="layout layout--empty">
      <Outlet />
    </main>
  )
}
