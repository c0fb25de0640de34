/**
 * The product banners (spec §3 Banners: productBanners) under a product page's related products,
 * from the local database like the home page's banners (so they show offline once the content was
 * pulled). In the related products' chunk, fetched once the first load has ended: they cost the
 * product page's first load nothing, and they come last on the page, so their arrival moves nothing
 * above them. Pictures load lazily; one that cannot be had leaves its link with the title alone.
 */
import { Link } from '@tanstack/react-router'
import { useHomeBanners } from '../data/use-content'
import './product-banners.css'

export function ProductBanners() {
  const banners = useHomeBanners()?.product ?? []
  if (banners.length === 0) return null
  return (
    <ul className="product-banners" data-testid="product-banners">
      {banners.map((banner) => (
        <li key={banner.id}>
          <Link to={banner.link as '/'} className="product-banner" data-testid="banner-product">
            <img
              src={banner.image}
              alt={banner.alt}
              width={banner.width}
              height={banner.height}
              loading="lazy"
              decoding="async"
              className="product-banner__picture"
            />
            <span className="product-banner__title">{banner.title}</span>
            {banner.subtitle ? <span className="product-banner__subtitle">{banner.subtitle}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  )
}
