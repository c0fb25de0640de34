/**
 * A tablet in kiosk mode (src/routes/kiosk sets it up), a chunk only such a tablet loads: it asks
 * the browser to keep its data, shows the staff a status line (catalogue ready, last sync, orders
 * waiting, and "New shopper"), and ends a shopper's turn after the configured minutes without use:
 * their session, cart, lists and checkout details are cleared (the orders waiting to be sent stay)
 * and the tablet goes back to its home page. A turn ends once per spell of use: a tablet left alone
 * is not reset again and again.
 */
import type { AnyRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { SHOP_TIME_ZONE, STORE_VIEWS, type StoreView } from '../../domain/store-views'
import TypesafeI18n, { useI18nContext } from '../../locales/i18n-react'
import { useSyncStatus } from '../data/hooks'
import { useOrders } from '../data/use-checkout'
import { endShopperSession } from '../data/use-kiosk'
import { askPersistentStorage, waitingOrders } from './kiosk-facts'
import { readKioskSettings } from './kiosk-settings'
import './kiosk-status.css'

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const

export function startKiosk(router: AnyRouter, storeView: StoreView): void {
  void askPersistentStorage()
  const settings = readKioskSettings()
  const home = settings.store && settings.store !== storeView.storeCode ? STORE_VIEWS[settings.store] : null
  let timer: ReturnType<typeof setTimeout> | undefined

  const endTurn = async () => {
    clearTimeout(timer)
    await endShopperSession().catch((error: unknown) => console.error('[kiosk] the shopper’s turn could not be ended', error))
    // a shopper who switched language is brought back to the tablet's own store view
    if (home) window.location.assign(`${home.url}/`)
    else void router.navigate({ to: '/' })
  }
  const onSetup = () => /\/kiosk\/?$/.test(window.location.pathname)
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      if (!onSetup()) void endTurn()
    }, settings.idleMinutes * 60_000)
  }
  for (const type of ACTIVITY) window.addEventListener(type, arm, { capture: true, passive: true })
  // a reload with a shopper's cart on it counts as use: left alone, it ends like any other turn
  arm()

  const host = document.createElement('div')
  host.id = 'kiosk-status'
  document.body.append(host)
  document.body.classList.add('is-kiosk')
  createRoot(host).render(
    <TypesafeI18n locale={storeView.dictionary}>
      <KioskStatus storeView={storeView} onNewShopper={() => void endTurn()} />
    </TypesafeI18n>,
  )
}

function KioskStatus({ storeView, onNewShopper }: { storeView: StoreView; onNewShopper: () => void }) {
  const { LL } = useI18nContext()
  const sync = useSyncStatus()
  const orders = waitingOrders(useOrders())
  // the whole catalogue in kiosk mode's full documents, not the light ones a shopper's visit left
  const ready = sync !== undefined && sync.catalogueComplete && !sync.replicating
  useEffect(() => {
    document.body.dataset.kioskCatalogue = ready ? 'ready' : 'loading'
  }, [ready])
  const time = sync?.lastPulledAt
    ? new Intl.DateTimeFormat(storeView.i18n.defaultLocale, { timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(sync.lastPulledAt))
    : null
  return (
    <aside className="kiosk-status" aria-label={LL.kiosk.status()} data-testid="kiosk-status">
      <p role="status">
        <span data-testid="kiosk-catalogue">{ready ? LL.kiosk.statusReady() : LL.kiosk.statusLoading({ count: sync?.productCount ?? 0 })}</span>
        {time ? <span> · {LL.kiosk.statusLastSync({ time })}</span> : null}
        <span data-testid="kiosk-waiting"> · {LL.kiosk.statusOrders({ count: orders })}</span>
      </p>
      <button type="button" className="button button--secondary" onClick={onNewShopper}>
        {LL.kiosk.newShopper()}
      </button>
    </aside>
  )
}
