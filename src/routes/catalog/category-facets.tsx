import { useEffect, useRef, useState } from 'react'
import { parsePriceRange, priceRangeLabel } from '../../../domain/filters'
import { useI18nContext } from '../../../locales/i18n-react'
import type { Facet } from '../../data/worker-types'
import { useAttributes } from '../../data/hooks'
import { useWholeAmountFormatter } from '../../ui/store-view'

const FACET_TEST_IDS: Record<string, string> = { color: 'facet-color', size: 'facet-size', price: 'facet-price' }

/** Filter groups as toggle buttons with counts; colour options show their swatch next to the label. */
export function CategoryFacets({
  facets,
  chosen,
  onToggle,
  onClear,
  title,
}: {
  facets: Facet[]
  chosen: Record<string, string[]>
  onToggle: (type: string, id: string) => void
  onClear: () => void
  /** the heading of the filters (default "Filters") */
  title?: string
}) {
  const { LL } = useI18nContext()
  const formatWhole = useWholeAmountFormatter()
  const attributes = useAttributes(['color', 'size'])
  const swatches = new Map<string, string>()
  for (const option of attributes.find((a) => a.attribute_code === 'color')?.options ?? []) {
    if (option.swatch) swatches.set(option.value, option.swatch)
  }
  const titles: Record<string, () => string> = {
    color: LL.category.color,
    size: LL.category.size,
    price: LL.category.price,
    manufacturer: LL.listing.brand,
    erin_recommends: LL.listing.erinRecommends,
  }
  const titleOf = (facet: Facet) => titles[facet.attribute_code]?.() ?? facet.label
  const labelOf = (facet: Facet, option: Facet['options'][number]) => {
    if (facet.attribute_code !== 'price') return option.label
    const range = option.from !== undefined ? { from: option.from, ...(option.to !== undefined ? { to: option.to } : {}) } : parsePriceRange(option.id)
    return range ? priceRangeLabel(range, formatWhole) : option.label
  }
  const anyChosen = Object.values(chosen).some((list) => list.length > 0)

  return (
    <section id="category-facets" className="facets" aria-labelledby="facets-title">
      <div className="facets__head">
        <h2 id="facets-title">{title ?? LL.category.filters()}</h2>
        {anyChosen ? (
          <button type="button" className="link-button" onClick={onClear}>
            {LL.category.clearAll()}
          </button>
        ) : null}
      </div>
      {facets
        .filter((f) => f.options.length > 0)
        .map((facet) => {
          const groupId = `facet-${facet.attribute_code}-title`
          return (
            <div key={facet.attribute_code} className="facet">
              <h3 id={groupId} className="facet__title">
                {titleOf(facet)}
              </h3>
              <div
                className={`facet__options facet__options--${facet.attribute_code}`}
                role="group"
                aria-labelledby={groupId}
                data-testid={FACET_TEST_IDS[facet.attribute_code] ?? `facet-${facet.attribute_code}`}
              >
                {facet.options.map((option) => {
                  const pressed = (chosen[facet.attribute_code] ?? []).includes(option.id)
                  const label = labelOf(facet, option)
                  const swatch = facet.attribute_code === 'color' ? swatches.get(option.id) : undefined
                  return (
                    <button
                      key={option.id}
                      type="button"
                      className="chip"
                      aria-pressed={pressed}
                      data-value={option.id}
                      onClick={() => onToggle(facet.attribute_code, option.id)}
                    >
                      {facet.attribute_code === 'color' ? (
                        <span className="swatch" style={swatch ? { background: swatch } : undefined} aria-hidden="true" />
                      ) : null}
                      <span>{label}</span>
                      <span className="chip__count">
                        <span aria-hidden="true">{option.count}</span>
                        <span className="visually-hidden">({option.count})</span>
                      </span>
                    </button>
                  )
                })}
              </div>
            </div>
          )
        })}
    </section>
  )
}

/**
 * The facets in a listing's side column. On phones they fold away behind a toggle so the products
 * come first, and open as a bottom sheet over the page (open inline, the chips would push the grid off
 * the screen) that ends with "Show N products"; Escape or that button closes it and
 * gives focus back to the toggle.
 */
export function FacetsAside(props: Parameters<typeof CategoryFacets>[0] & { resultCount?: number }) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const sheetRef = useRef<HTMLDivElement>(null)
  const chosenCount = Object.values(props.chosen).reduce((n, list) => n + list.length, 0)
  const close = () => {
    setOpen(false)
    toggleRef.current?.focus()
  }
  useEffect(() => {
    // into the sheet when it opens (on wide screens the facets are always shown: nothing moves)
    if (open) sheetRef.current?.querySelector<HTMLElement>('button, [href]')?.focus()
  }, [open])
  const { resultCount, ...facetProps } = props
  return (
    <aside className={`category-page__filters${open ? ' is-open' : ''}`}>
      <button
        ref={toggleRef}
        type="button"
        className="button button--secondary filters-toggle"
        aria-expanded={open}
        aria-controls="category-facets"
        onClick={() => setOpen((was) => !was)}
      >
        {props.title ?? LL.category.filters()}
        {chosenCount ? ` (${chosenCount})` : ''}
      </button>
      {open ? <div className="filters-sheet__backdrop" aria-hidden="true" onClick={close} /> : null}
      <div
        ref={sheetRef}
        className="filters-sheet"
        data-testid="filters-sheet"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.preventDefault()
            close()
          }
        }}
      >
        <CategoryFacets {...facetProps} />
        {resultCount !== undefined ? (
          <div className="filters-sheet__footer">
            <button type="button" className="button button--primary button--block" data-testid="filters-show" onClick={close}>
              {LL.category.showProducts({ total: resultCount })}
            </button>
          </div>
        ) : null}
      </div>
    </aside>
  )
}

/**
 * A listing's "Sort by" select (category and search results pages). Choosing `defaultSort` reports
 * undefined, so the default stays out of the URL.
 */
export function SortSelect<S extends string>({
  value,
  sorts,
  defaultSort,
  labelOf,
  onChange,
}: {
  value: S
  sorts: readonly S[]
  defaultSort: S
  labelOf: (sort: S) => string
  onChange: (sort: S | undefined) => void
}) {
  const { LL } = useI18nContext()
  return (
    <label>
      <span>{LL.category.sortBy()}</span>
      <select value={value} onChange={(e) => onChange(e.target.value === defaultSort ? undefined : (e.target.value as S))}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {labelOf(s)}
          </option>
        ))}
      </select>
    </label>
  )
}
