/**
 * The home page's banners (spec §3 Banners): the head image, then the main and the small banners,
 * each a picture leading to its shop path, read from the local database (works offline once the
 * content was pulled). Until the first pull has landed, their boxes are drawn empty at the size
 * they will have: each row scrolls sideways, so its height does not depend on how many banners come,
 * and nothing below moves when they arrive. The head image is the page's first picture (eager); the
 * others load lazily.
 */
import { Link } from '@tanstack/react-router'
import { BANNER_PICTURE_SIZES, type BannerSlot } from '../../../domain/banner-slots'
import { useI18nContext } from '../../../locales/i18n-react'
import { Picture } from '../../components/product-image'
import { useHomeBanners } from '../../data/use-content'
import type { BannerView } from '../../data/worker-types'
import './home-banners.css'

/** the boxes drawn per row while the banners are on their way (a wide screen shows three) */
const RESERVED_PER_ROW = 3

function BannerCard({ banner, slot, eager }: { banner: BannerView; slot: BannerSlot; eager: boolean }) {
  return (
    <Link to={banner.link as '/'} className={`banner banner--${slot}`} data-testid={`banner-${slot}`}>
      <Picture src={banner.image} width={banner.width} height={banner.height} alt={banner.alt} eager={eager} className="banner__picture" />
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

function BannerRow({ slot, banners, reserve, label }: { slot: 'main' | 'small'; banners: readonly BannerView[]; reserve: boolean; label: string }) {
  if (banners.length === 0 && !reserve) return null
  return (
    <section className={`banner-row banner-row--${slot}`} aria-label={label} aria-busy={banners.length === 0 ? true : undefined}>
      <ul className="banner-row__list">
        {banners.length > 0
          ? banners.map((banner) => (
              <li key={banner.id}>
                <BannerCard banner={banner} slot={slot} eager={false} />
              </li>
            ))
          : Array.from({ length: RESERVED_PER_ROW }, (_, i) => (
              <li key={i}>
                <Reserved slot={slot} />
              </li>
            ))}
      </ul>
    </section>
  )
}

/** `online`: while online and before the first pull, the banners' room is kept for them. */
export function HomeBanners({ online }: { online: boolean }) {
  const { LL } = useI18nContext()
  const banners = useHomeBanners()
  const reserve = banners === undefined || (!banners.pulled && online)
  const head = banners?.head ?? null
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
      <BannerRow slot="main" banners={banners?.main ?? []} reserve={reserve} label={LL.home.mainBanners()} />
      <BannerRow slot="small" banners={banners?.small ?? []} reserve={reserve} label={LL.home.smallBanners()} />
    </>
  )
}
