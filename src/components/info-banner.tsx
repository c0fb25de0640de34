/**
 * The info banner (spec §3 "Info banner: status flag, content"): the shop's short notice (delivery
 * times, opening hours), shown while it is active and until the shopper closes it; closed, it stays
 * closed on this device (the worker keeps the dismissal in its local database) until its content
 * changes. In the footer blocks' chunk, loaded once the first load has ended with its words (a
 * later part) and DOMPurify. It sits
 * fixed at the bottom of the window, so its arrival moves nothing on the page; the page keeps room
 * below its end as tall as the banner, so nothing stays hidden under it.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { dismissInfoBanner, useInfoBanner } from '../data/use-content'
import { CmsHtml } from '../routes/content/cms-html'
import './info-banner.css'

/** the custom property the layout's bottom room reads (info-banner.css) */
const ROOM = '--info-banner-room'

export function InfoBanner() {
  const { LL } = useI18nContext()
  const banner = useInfoBanner()
  // closed here at once; the worker's answer follows
  const [closed, setClosed] = useState<string | null>(null)
  const shown = banner && closed !== `${banner.id}:${banner.version}` ? banner : null
  const ref = useRef<HTMLElement>(null)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => root.style.setProperty(ROOM, `${element.offsetHeight}px`))
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty(ROOM)
    }
  }, [shown])

  if (!shown) return null
  const close = () => {
    setClosed(`${shown.id}:${shown.version}`)
    dismissInfoBanner(shown).catch((error: unknown) => console.warn('[info banner] the dismissal was not kept', error))
  }
  return (
    <section ref={ref} className="info-banner" aria-label={LL.infoBanner.label()} data-testid="info-banner">
      <div className="container info-banner__inner">
        <CmsHtml html={shown.content} className="info-banner__content" />
        {shown.link ? (
          <Link to={shown.link as '/'} className="info-banner__more">
            {LL.infoBanner.readMore()}
          </Link>
        ) : null}
        <button type="button" className="icon-button info-banner__close" aria-label={LL.infoBanner.dismiss()} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  )
}
