/**
 * A page's first paint (server/services/first-paint.ts) as HTML inside the built index.html's
 * `<div id="root">`, with the app's own class names and element structure, so the browser paints the
 * page's frame, heading and first pictures where the app's first render puts them, before any script
 * has run (LCP). Every text goes through escapeHtml; no inline style (the CSP allows none):
 * the listing's first row takes its columns from a container query (styles/home-grid.css
 * `.first-paint-grid`), the logo is the site's icon file.
 *
 * Nothing here works as a control (the selects and the filters button are disabled): it is the picture
 * the app replaces, whole, when it renders (src/main.tsx starts it after this paint).
 */
import type { FirstPaint, PaintedBanner, PaintedCrumbs, PaintedImage, PaintedListing, PaintedMain, PaintedSelect } from '../services/first-paint'
import { escapeHtml } from './page-head-html'

/** The first paint's root element carries this attribute (tests and the app can tell it from the app's render). */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint'

const ROOT = '<div id="root"></div>'

function image(picture: PaintedImage): string {
  return `<img alt="${escapeHtml(picture.alt)}" width="${picture.width}" height="${picture.height}" loading="eager" fetchpriority="high" decoding="async" src="${escapeHtml(picture.src)}">`
}

/** The home page's head image as src/routes/content/home-banners.tsx draws it. */
function headBanner(banner: PaintedBanner): string {
  const picture = banner.image
  const img = `<img src="${escapeHtml(picture.src)}" alt="${escapeHtml(picture.alt)}" width="${picture.width}" height="${picture.height}" loading="eager" fetchpriority="high" decoding="async" class="banner__picture">`
  const subtitle = banner.subtitle !== undefined ? `<span class="banner__subtitle">${escapeHtml(banner.subtitle)}</span>` : ''
  const caption = `<span class="banner__caption"><span class="banner__title">${escapeHtml(banner.title)}</span>${subtitle}</span>`
  return `<div class="home-head"><a class="banner banner--head" href="${escapeHtml(banner.href)}">${img}${caption}</a></div>`
}

function crumbs(trail: PaintedCrumbs): string {
  const items = [
    `<li><a href="${escapeHtml(trail.home.href)}">${escapeHtml(trail.home.name)}</a></li>`,
    ...trail.steps.map((step, i) =>
      step.href !== undefined && i < trail.steps.length - 1
        ? `<li><a href="${escapeHtml(step.href)}">${escapeHtml(step.name)}</a></li>`
        : `<li><span${i === trail.steps.length - 1 ? ' aria-current="page"' : ''}>${escapeHtml(step.name)}</span></li>`,
    ),
  ]
  return `<nav class="breadcrumbs" aria-label="${escapeHtml(trail.label)}"><ol>${items.join('')}</ol></nav>`
}

function select(s: PaintedSelect): string {
  const options = s.options.map((o) => `<option${o === s.selected ? ' selected' : ''}>${escapeHtml(o)}</option>`).join('')
  return `<label><span>${escapeHtml(s.label)}</span><select disabled>${options}</select></label>`
}

function placeholderTile(picture: PaintedImage): string {
  return `<div aria-hidden="true"><div class="product-tile product-tile--placeholder"><div class="product-tile__media">${image(picture)}</div><div class="product-tile__name"></div><p class="price">&nbsp;</p></div></div>`
}

function listingLayout(listing: PaintedListing): string {
  const aside = `<aside class="category-page__filters"><button type="button" class="button button--secondary filters-toggle" disabled>${escapeHtml(listing.filters)}</button><div class="filters-sheet"><section class="facets"><div class="facets__head"><h2>${escapeHtml(listing.filters)}</h2></div></section></div></aside>`
  const grid = `<div class="virtual-grid first-paint-grid" aria-busy="true"><div class="virtual-grid__row">${listing.tiles.map(placeholderTile).join('')}</div></div>`
  const results = `<div class="category-page__results"><h2 class="visually-hidden">${escapeHtml(listing.results)}</h2><div class="toolbar">${listing.selects.map(select).join('')}</div>${grid}</div>`
  return `<div class="category-page__layout">${aside}${results}</div>`
}

function main(page: PaintedMain): string {
  switch (page.view) {
    case 'home':
      return `<div class="home"><section class="hero"><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.intro)}</p></section>${page.head ? headBanner(page.head) : ''}<section><h2>${escapeHtml(page.categories)}</h2><p class="muted">${escapeHtml(page.loading)}</p></section></div>`
    case 'category':
      return (
        `<div class="category-page" aria-busy="true">${page.crumbs ? crumbs(page.crumbs) : ''}` +
        `<div class="category-page__head"><h1>${escapeHtml(page.heading)}</h1><p class="muted category-page__total">${escapeHtml(page.status)}</p><p class="muted category-page__price-range"></p></div>` +
        `${listingLayout(page)}</div>`
      )
    case 'search':
      // the app draws the results' layout once it has results, or the first ones' pictures
      return `<div class="search-page category-page" aria-busy="true"><h1>${escapeHtml(page.heading)}</h1><p class="muted">${escapeHtml(page.status)}</p>${page.tiles.length > 0 ? listingLayout(page) : ''}</div>`
    case 'product':
      return (
        `<article class="product-page">${crumbs(page.crumbs)}<div class="product-page__layout">` +
        `<section class="gallery" aria-label="${escapeHtml(page.gallery)}"><div class="gallery__main">${page.image ? image(page.image) : ''}</div></section>` +
        `<div class="product-page__info"><h1>${escapeHtml(page.name)}</h1><p class="muted">${escapeHtml(page.status)}</p></div></div></article>`
      )
  }
}

export function renderFirstPaint(paint: FirstPaint): string {
  const logo = `<a class="site-header__logo" aria-label="${escapeHtml(paint.home.label)}" href="${escapeHtml(paint.home.href)}"><span class="logo"><img src="/favicon.svg" width="32" height="32" alt=""><span class="logo__word">${escapeHtml(paint.home.shopName)}</span></span></a>`
  const header = `<header class="site-header"><div class="site-header__bar container">${logo}</div><div class="site-header__menu container"><div class="category-menu"><ul></ul></div></div></header>`
  return `<div class="layout layout--default" ${FIRST_PAINT_ATTRIBUTE}="">${header}<main class="container main">${main(paint.main)}</main></div>`
}

/** The page with its first paint in `#root` (the HTML as it is when its root is not the empty one the build writes). */
export function withFirstPaint(html: string, paint: FirstPaint | undefined): string {
  if (!paint || !html.includes(ROOT)) return html
  return html.replace(ROOT, () => `<div id="root">${renderFirstPaint(paint)}</div>`)
}
