/**
 * The header search box and the search panel (spec §2 "Panels": opening it turns the overlay on).
 * Typing opens the panel under the box with the first results (debounced; the worker searches the
 * server, or the local catalogue offline); Enter opens the search-results route. Keyboard: Arrow
 * Down moves from the box into the results, arrows move between them, Escape closes the panel and
 * puts focus back in the box; focus leaving box and panel closes it too.
 *
 * Phones: the box hides behind a search icon in the bar; the icon expands it over the bar with the
 * focus in it, and Escape (with no panel open), its close button, focus leaving it or a page change
 * fold it back, with the focus back on the icon where it was the shopper's last place.
 */
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { SEARCH_MIN_LENGTH } from '../../domain/listing'
import { usePanel } from '../ui/panels'
import './search-panel.css'

/**
 * The panel's results (search-results-panel.tsx) are a chunk of their own (kept out of the
 * first-load JavaScript): fetched when the box gets the focus, or by the offline warm-up after the first page
 * (src/components/lazy-panels.tsx). Until it is in, the panel says it is searching.
 */
export const loadSearchResultsPanel = () => import('./search-results-panel')
const SearchResultsPanel = lazy(() => loadSearchResultsPanel().then((m) => ({ default: m.SearchResultsPanel })))

export function SiteSearch() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [query, setQuery] = useState('')
  const [expanded, setExpanded] = useState(false)
  // one of the app's panels (src/ui/panels.tsx): the shared overlay follows it
  const panel = usePanel('searchPanel')
  const isOpen = panel.isOpen
  const closePanel = panel.close
  const setOpen = (open: boolean) => (open ? panel.open() : panel.close())
  const wrapRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const inputId = useId()
  const formId = useId()
  const panelId = useId()

  // a followed result or a submitted search leaves the page: the panel and the expanded box go with it
  useEffect(() => {
    closePanel()
    setExpanded(false)
  }, [pathname, closePanel])
  // a results page (a link, a reload, back) shows its words in the box, ready to refine
  useEffect(() => {
    const words = /\/search\/([^/]+)\/?$/.exec(pathname)?.[1]
    if (words === undefined) return
    try {
      setQuery(decodeURIComponent(words))
    } catch {
      setQuery(words)
    }
  }, [pathname])
  // focus follows the box: into it when it expands, back to the icon (once it shows again) when it folds
  const refocusToggle = useRef(false)
  useEffect(() => {
    if (expanded) inputRef.current?.focus()
    else if (refocusToggle.current) toggleRef.current?.focus()
    refocusToggle.current = false
  }, [expanded])

  const fold = (refocus: boolean) => {
    setOpen(false)
    refocusToggle.current = refocus
    setExpanded(false)
  }

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) inputRef.current?.focus()
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const term = query.trim()
    if (term.length < SEARCH_MIN_LENGTH) {
      // the panel says why nothing happens
      setOpen(true)
      return
    }
    setOpen(false)
    void navigate({ to: '/search/$query', params: { query: term } })
  }

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault()
      close(true)
      return
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      fold(true)
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const items = links()
    if (!isOpen || items.length === 0) return
    const at = items.indexOf(document.activeElement as HTMLAnchorElement)
    event.preventDefault()
    if (event.key === 'ArrowDown') items[Math.min(items.length - 1, at + 1)]?.focus()
    else if (at <= 0) inputRef.current?.focus()
    else items[at - 1]?.focus()
  }

  return (
    <>
      <div
        ref={wrapRef}
        className={`site-search${isOpen ? ' is-open' : ''}${expanded ? ' is-expanded' : ''}`}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!wrapRef.current?.contains(event.relatedTarget as Node | null)) fold(false)
        }}
      >
        <button
          ref={toggleRef}
          type="button"
          className="icon-button site-search__toggle"
          data-testid="search-toggle"
          aria-label={LL.search.label()}
          aria-expanded={expanded}
          aria-controls={formId}
          onClick={() => setExpanded(true)}
        >
          <SearchIcon />
        </button>
        <form id={formId} role="search" onSubmit={onSubmit}>
          <label htmlFor={inputId} className="visually-hidden">
            {LL.search.label()}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            data-testid="search-input"
            placeholder={LL.header.searchPlaceholder()}
            autoComplete="off"
            enterKeyHint="search"
            value={query}
            aria-controls={isOpen ? panelId : undefined}
            onFocus={() => void loadSearchResultsPanel().catch(() => undefined)}
            onChange={(event) => {
              setQuery(event.target.value)
              setOpen(event.target.value.trim().length > 0)
            }}
          />
          <button type="button" className="icon-button site-search__close" aria-label={LL.search.close()} onClick={() => fold(true)}>
            <span aria-hidden="true">×</span>
          </button>
        </form>
        {isOpen ? (
          <Suspense
            fallback={
              <section id={panelId} className="search-panel" aria-label={LL.search.panel()} data-testid="search-panel" aria-busy tabIndex={-1}>
                <p className="search-panel__status muted" role="status">
                  {query.trim().length < SEARCH_MIN_LENGTH ? LL.search.minLength() : LL.search.searching()}
                </p>
              </section>
            }
          >
            <SearchResultsPanel id={panelId} query={query} listRef={listRef} />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5L21 21" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
