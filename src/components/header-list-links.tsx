/** Header links to the wishlist and to the compare page, each with its count. */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { useLists } from '../data/use-lists'
import './lists.css'

export function HeaderListLinks() {
  const { LL } = useI18nContext()
  const lists = useLists()
  const wishlist = lists?.wishlist.length ?? 0
  const compare = lists?.compare.length ?? 0
  return (
    <div className="header-list-links">
      <Link
        to="/wishlist"
        className="header-list-link header-list-link--wishlist"
        data-testid="header-wishlist"
        aria-label={LL.lists.wishlistWithCount({ count: wishlist })}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
          <path
            d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span data-testid="header-wishlist-count" aria-hidden="true">
          {wishlist}
        </span>
      </Link>
      <Link
        to="/compare"
        className="header-list-link header-list-link--compare"
        data-testid="header-compare"
        aria-label={LL.lists.compareWithCount({ count: compare })}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
          <path d="M6 20V10M12 20V4M18 20v-7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span data-testid="header-compare-count" aria-hidden="true">
          {compare}
        </span>
      </Link>
    </div>
  )
}
