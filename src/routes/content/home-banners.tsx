/**
 * The home page's banners (spec §3 Banners): the head image, then the main and the small banners,
 * each a picture leading to its shop path, read from the local database (works offline once the
 * content was pulled). Until the first pull has landed, their boxes are drawn empty at the size
 * they will have (the head image, which a page load of home names, drawn at once): each row scrolls sideways, so its height does not depend on how many banners come,
 * and nothing below moves when they arrive. The head image is the page's first picture (eager); the
 * others load lazily.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { BANNER_PICTURE_SIZES, type BannerSlot } from '../../../domain/banner-slots'
import { useHomeBanners } from '../../data/use-content'
import { firstScreenHomeHead } from '../../ui/first-screen'
import type { BannerView } from '../../data/worker-types'
import './home-banners.css'

/** the boxes drawn per row while the banners are on their way (a wide screen shows three) */
const RESERVED_PER_ROW = 3

/**
 * A banner's picture at its drawn size; one that cannot be had (offline and never loaded here) is a
 * placeholder of the same size, tried again when the browser is back online.
 */
function BannerPicture({ banner, eager }: { banner: BannerView; eager: boolean }) {
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!failed) return
    const retry = () => setFailed(false)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed])
  if (failed) return <span className="image-placeholder" style={{ aspectRatio: `${banner.width} / ${banner.height}` }} role="img" aria-label={banner.alt} />
  return (
    <img
      src={banner.image}
      alt={banner.alt}
      width={banner.width}
      height={banner.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className="banner__picture"
      onError={() => setFailed(true)}
    />
  )
}

function BannerCard({ banner, slot, eager }: { banner: BannerView; slot: BannerSlot; eager: boolean }) {
  return (
    <Link to={banner.link as '/'} className={`banner banner--${slot}`} data-testid={`banner-${slot}`}>
      <BannerPicture banner={banner} eager={eager} />
      <span className="banner__caption">
        <span className="banner__title">{banner.title}</span>
        {banner.subtitle ? <span className="banner__subtitle">{banner.subtitle}</span> : null}
      </span>
    </Link>
  )
}

function Reserved({ slot }: { slot: BannerSlot }) {
  const { width, height } = BANNER_PICTURE_SIZES[slot]
  return <span className={`banner banner--${slot} banner--reserved image-placeholder`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />
}

function BannerRow({ slot, banners, reserve }: { slot: 'main' | 'small'; banners: readonly BannerView[]; reserve: boolean }) {
  if (banners.length === 0 && !reserve) return null
  return (
    <div className={`banner-row banner-row--${slot}`} data-testid={`banner-row-${slot}`} aria-busy={banners.length === 0 ? true : undefined}>
      <ul className="banner-row__list">
        {banners.length > 0
          ? banners.map((banner) => (
              <li key={banner.id}>
                <BannerCard banner={banner} slot={slot} eager={false} />
              </li>
            ))
          : // keys no banner has: a reserved box is never reused for a banner (a move would be a layout shift)
            Array.from({ length: RESERVED_PER_ROW }, (_, i) => (
              <li key={`reserved-${i}`}>
                <Reserved slot={slot} />
              </li>
            ))}
      </ul>
    </div>
  )
}

function headOfPageLoad(): BannerView | null {
  const head = firstScreenHomeHead()
  return head ? { ...head, ...BANNER_PICTURE_SIZES.head } : null
}

/** `online`: while online and before the first pull, the banners' room is kept for them. */
export function HomeBanners({ online }: { online: boolean }) {
  const banners = useHomeBanners()
  const reserve = banners === undefined || (!banners.pulled && online)
  // until the first pull, the head image the page load named (the server painted it already)
  const head = banners?.head ?? (reserve ? headOfPageLoad() : null)
  return (
    <>
      {head ? (
        <div className="home-head">
          <BannerCard banner={head} slot="head" eager />
        </div>
      ) : reserve ? (
        <div className="home-head">
          <Reserved slot="head" />
        </div>
      ) : null}
      <BannerRow slot="main" banners={banners?.main ?? []} reserve={reserve} />
      <BannerRow slot="small" banners={banners?.small ?? []} reserve={reserve} />
    </>
  )
}
