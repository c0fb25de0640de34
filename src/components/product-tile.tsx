import { useI18nContext } from '../../locales/i18n-react'
import { PRODUCT_TILE_IMAGE } from '../../domain/images'
import type { ProductListItem } from '../data/worker-types'
import { ListToggles } from './list-toggles'
import { Price } from './price'
import { ProductImage } from './product-image'
import { ProductLink } from './shop-links'
import { linkColour } from '../ui/product-search-params'

export function ProductTile({ item, eager, colours }: { item: ProductListItem; eager?: boolean; colours?: readonly string[] }) {
  const { LL } = useI18nContext()
  const colour = item.type_id === 'configurable' ? linkColour(colours, item.color_options) : undefined
  return (
    <article className="product-tile" data-testid="product-tile" data-sku={item.sku}>
      <ProductLink product={item} className="product-tile__link" colour={colour}>
        <div className="product-tile__media">
          {/* the link is named by the product name below: the picture adds no text */}
          <ProductImage path={item.image} width={PRODUCT_TILE_IMAGE.width} height={PRODUCT_TILE_IMAGE.height} alt="" eager={eager} />
          {!item.is_in_stock ? <span className="badge badge--muted">{LL.category.outOfStock()}</span> : null}
        </div>
        <h3 className="product-tile__name">{item.name}</h3>
      </ProductLink>
      {/* grouped and bundle products cost what the shopper chooses: the tile shows the lowest price as "from" */}
      <Price
        final={item.final_price_incl_tax}
        reference={item.omnibus_price_incl_tax}
        testId="price"
        from={item.type_id === 'grouped' || item.type_id === 'bundle'}
      />
      {/* outside the link: buttons inside a link are not allowed, and the tile stays one link */}
      <ListToggles sku={item.sku} name={item.name} compact />
    </article>
  )
}
