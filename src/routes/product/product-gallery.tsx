import { useState } from 'react'
import { PRODUCT_MAIN_IMAGE } from '../../../domain/images'
import type { Product } from '../../../domain/product.schema'
import { useI18nContext } from '../../../locales/i18n-react'
import { ProductImage } from '../../components/product-image'

const THUMBS = 4

/** Gallery: the 600x744 main picture and up to 4 thumbnails that switch it. */
export function ProductGallery({ product, image }: { product: Product; image: string | undefined }) {
  const { LL } = useI18nContext()
  const paths = Array.from(new Set([image, ...(product.media_gallery ?? []).sort((a, b) => a.pos - b.pos).map((m) => m.image)].filter((p): p is string => !!p)))
  const [chosen, setChosen] = useState<string | null>(null)
  const main = chosen && paths.includes(chosen) ? chosen : paths[0]
  return (
    <section className="gallery" aria-label={LL.product.gallery()}>
      <div className="gallery__main">
        <ProductImage path={main} width={PRODUCT_MAIN_IMAGE.width} height={PRODUCT_MAIN_IMAGE.height} alt={product.name} eager />
      </div>
      {paths.length > 1 ? (
        <ul className="gallery__thumbs">
          {paths.slice(0, THUMBS).map((path, i) => (
            <li key={path}>
              <button type="button" aria-pressed={path === main} aria-label={LL.product.showImage({ index: i + 1 })} onClick={() => setChosen(path)}>
                <ProductImage path={path} width={150} height={150} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
