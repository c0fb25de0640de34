/**
 * The top bar every header starts with: the skip link (inside the banner landmark, so every piece
 * of content sits in a landmark) and the logo back to the store home; the rest of the bar follows.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { Logo } from './logo'

export function HeaderBar({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <>
      <a href="#main" className="skip-link">
        {LL.skipToContent()}
      </a>
      <div className="site-header__bar container">
        <Link to="/" className="site-header__logo" aria-label={LL.header.home()}>
          <Logo />
        </Link>
        {children}
      </div>
    </>
  )
}
