import type { ReactNode } from 'react'
import { PRODUCT_MAIN_IMAGE } from '../../../domain/images'
import { useI18nContext } from '../../../locales/i18n-react'
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs'
import { ProductImage } from '../../components/product-image'

/**
 * A product page before its full document: the trail, the one main picture and the name where the
 * full page shows them, and `children` where its details come. The light page (a listing's light
 * document) and a page load's first screen (domain/first-screen) both draw it, so the full page
 * replaces them without moving what is already on screen.
 */
export function ProductFrame({
  testId,
  crumbs,
  image,
  name,
  children,
}: {
  testId: string
  crumbs: Crumb[]
  image: string | undefined
  name: string
  children: ReactNode
}) {
  const { LL } = useI18nContext()
  return (
    <article className="product-page" data-testid={testId}>
      <Breadcrumbs crumbs={crumbs} />
      <div className="product-page__layout">
        <section className="gallery" aria-label={LL.product.gallery()}>
          <div className="gallery__main">
            <ProductImage path={image} width={PRODUCT_MAIN_IMAGE.width} height={PRODUCT_MAIN_IMAGE.height} alt={name} eager />
          </div>
        </section>
        <div className="product-page__info">
          <h1>{name}</h1>
          {children}
        </div>
      </div>
    </article>
  )
}
