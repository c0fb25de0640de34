import { Link } from '@tanstack/react-router'
import { ROOT_CATEGORY_ID } from '../../../domain/category-root'
import { useI18nContext } from '../../../locales/i18n-react'
import type { Brand } from '../../data/worker-types'
import { Breadcrumbs } from '../../components/breadcrumbs'
import { useCategories } from '../../data/hooks'
import { useBrands } from '../../data/use-brands'
import { useDocumentTitle } from '../../ui/document-title'
import './brands-page.css'

/** "Émile" → "E"; anything that is not a letter A–Z groups under "#". */
function letterOf(label: string): string {
  const first = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .charAt(0)
    .toUpperCase()
  return /[A-Z]/.test(first) ? first : '#'
}

function byLetter(brands: readonly Brand[]): [string, Brand[]][] {
  const groups = new Map<string, Brand[]>()
  for (const brand of brands) {
    const letter = letterOf(brand.label)
    groups.set(letter, [...(groups.get(letter) ?? []), brand])
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
}

/**
 * The brands route (/brands): every brand of the local catalogue with its product count, in letter
 * groups; each links to its brand listing, the root category filtered by that manufacturer
 * (/c/{root}?manufacturer={id}), which the category page titles with the brand. Works offline.
 */
export function BrandsRoutePage() {
  const { LL } = useI18nContext()
  const brands = useBrands()
  const root = useCategories()?.find((c) => c.id === ROOT_CATEGORY_ID)
  const title = LL.contentPages.brands()
  useDocumentTitle(title)
  const groups = brands ? byLetter(brands) : []

  return (
    <div className="brands-page">
      <Breadcrumbs crumbs={[{ label: title }]} />
      <h1>{title}</h1>
      {brands === undefined ? (
        <p className="muted" role="status">
          {LL.listing.brandsLoading()}
        </p>
      ) : brands.length === 0 || !root ? (
        <p className="empty-state">{LL.listing.noBrands()}</p>
      ) : (
        <>
          <p className="muted">{LL.listing.brandsIntro()}</p>
          <nav className="brands-page__letters" aria-label={LL.listing.letters()}>
            <ul>
              {groups.map(([letter]) => (
                <li key={letter}>
                  <a href={`#brands-${letter === '#' ? 'other' : letter}`}>{letter}</a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map(([letter, list]) => {
            const id = `brands-${letter === '#' ? 'other' : letter}`
            return (
              <section key={letter} className="brands-page__group" aria-labelledby={`${id}-title`}>
                <h2 id={`${id}-title`} className="brands-page__letter">
                  <span id={id}>{letter}</span>
                </h2>
                <ul className="brands-page__list" data-testid="brand-list">
                  {list.map((brand) => (
                    <li key={brand.brand_id}>
                      <Link to="/c/$slug" params={{ slug: root.slug }} search={{ manufacturer: [String(brand.brand_id)] }} data-brand-id={brand.brand_id}>
                        <span className="brands-page__name">{brand.label}</span>{' '}
                        <span className="muted">{LL.listing.brandProducts({ count: brand.productCount })}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )
          })}
        </>
      )}
    </div>
  )
}
