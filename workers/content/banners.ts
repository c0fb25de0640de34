/**
 * Banners and info banners as the content module reads them from the `cms` collection (kinds
 * `banner` and `info_banner`, replicated like the blocks, so the home page shows them offline). A
 * document that does not pass its domain schema (a back end with other fields) is left out, not
 * shown half. The info banners a shopper dismissed are kept in one session record, per banner with
 * the version dismissed: a banner whose content changes after that shows again.
 */
import { BANNER_PICTURE_SIZES } from '../../domain/banner-slots'
import { BannerSchema, InfoBannerSchema, type Banner, type InfoBanner } from '../../domain/banner.schema'
import type { BannerView, HomeBannersView, InfoBannerView } from '../contract/content'
import type { ContentDoc } from './content-record'

/** The session record of the dismissed info banners: `{ dismissed: { [id]: version } }`. */
export const INFO_BANNER_DISMISSED_ID = 'info-banner-dismissed'

export type DismissedInfoBanners = Record<string, string>

export function dismissedOf(value: Record<string, unknown> | undefined): DismissedInfoBanners {
  const dismissed = value?.dismissed
  if (typeof dismissed !== 'object' || dismissed === null) return {}
  return Object.fromEntries(Object.entries(dismissed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

function bannerOf(doc: ContentDoc): Banner | null {
  const parsed = BannerSchema.safeParse({ ...doc.body, id: doc.entity_id, title: doc.title })
  return parsed.success && parsed.data.active ? parsed.data : null
}

function infoBannerOf(doc: ContentDoc): InfoBanner | null {
  const parsed = InfoBannerSchema.safeParse({ ...doc.body, id: doc.entity_id })
  return parsed.success && parsed.data.active ? parsed.data : null
}

const inOrder = (a: { sort_order: number; id: number }, b: { sort_order: number; id: number }) => a.sort_order - b.sort_order || a.id - b.id

function toBannerView(banner: Banner): BannerView {
  const size = BANNER_PICTURE_SIZES[banner.slot]
  const view: BannerView = { id: banner.id, title: banner.title, image: banner.image, link: banner.link, alt: banner.alt, ...size }
  if (banner.subtitle) view.subtitle = banner.subtitle
  return view
}

/** The active banners of `docs` per slot, lowest sort order first (then by id); the head image is the first active `head` one. */
export function homeBannersOf(docs: readonly ContentDoc[], pulled: boolean): HomeBannersView {
  const banners = docs
    .map(bannerOf)
    .filter((b): b is Banner => b !== null)
    .sort(inOrder)
  const inSlot = (slot: Banner['slot']) => banners.filter((b) => b.slot === slot).map(toBannerView)
  return { pulled, head: inSlot('head')[0] ?? null, main: inSlot('main'), small: inSlot('small'), product: inSlot('product') }
}

/**
 * A short fingerprint of what the shopper read (FNV-1a over the content and the link): a dismissal
 * holds for this version only. Not a security measure; two texts that collide only keep a banner hidden.
 */
export function infoBannerVersion(banner: Pick<InfoBanner, 'content' | 'link'>): string {
  let hash = 0x811c9dc5
  const text = `${banner.content}\n${banner.link ?? ''}`
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The first active info banner (lowest id) whose present version the shopper has not dismissed; null for none. */
export function infoBannerToShow(docs: readonly ContentDoc[], dismissed: DismissedInfoBanners): InfoBannerView | null {
  const banners = docs
    .map(infoBannerOf)
    .filter((b): b is InfoBanner => b !== null)
    .sort((a, b) => a.id - b.id)
  for (const banner of banners) {
    const version = infoBannerVersion(banner)
    if (dismissed[String(banner.id)] === version) continue
    return { id: banner.id, content: banner.content, ...(banner.link ? { link: banner.link } : {}), version }
  }
  return null
}
