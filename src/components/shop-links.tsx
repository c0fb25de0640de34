/**
 * Category and product links built per spec §2 "Route naming and link building": with the
 * URL-dispatcher option (`LINK_OPTIONS.useUrlDispatcher`) a link is the entity's url_path, which the
 * URL dispatcher resolves (online, or from the locally stored mapping); without it, our own routes
 * `/c/{slug}` and `/p/{parentSku}/{slug}`. Every component that links to a category or a product
 * goes through these two, so the option switches them all.
 */
import { Link, type ActiveLinkOptions } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { formatCategoryLink, formatProductLink, type ProductForLink } from '../../domain/url'
import { LINK_OPTIONS } from '../config'

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  children: ReactNode
  'data-testid'?: string
  /** props while the link points at the current page (TanStack Router's activeProps) */
  activeProps?: ActiveLinkOptions['activeProps']
}

export function CategoryLink({ category, ...props }: AnchorProps & { category: { slug: string; url_path?: string | null } }) {
  if (LINK_OPTIONS.useUrlDispatcher && category.url_path) {
    // a shop path the route table does not know: the not-found route hands it to the URL dispatcher
    return <Link {...props} to={formatCategoryLink(category, LINK_OPTIONS) as '/'} />
  }
  return <Link {...props} to="/c/$slug" params={{ slug: category.slug }} />
}

export function ProductLink({ product, colour, ...props }: AnchorProps & { product: ProductForLink; colour?: number }) {
  if (LINK_OPTIONS.useUrlDispatcher && product.url_path) {
    return <Link {...props} to={formatProductLink(product, LINK_OPTIONS) as '/'} />
  }
  const parentSku = product.parentSku || product.sku
  if (product.sku !== parentSku) {
    // a configurable's child: its own route, as formatProductLink builds it
    return <Link {...props} to="/p/$parentSku/$slug/$childSku" params={{ parentSku, slug: product.slug, childSku: product.sku }} />
  }
  // a filtered listing's colour: the page opens on that colour (ui/product-search-params)
  return <Link {...props} to="/p/$parentSku/$slug" params={{ parentSku, slug: product.slug }} search={colour === undefined ? {} : { color: colour }} />
}
