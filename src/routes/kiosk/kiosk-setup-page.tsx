/**
 * /kiosk: a tablet's kiosk setup, for the shop's staff. The shop's PIN (the server's KIOSK_PIN,
 * checked by the server: a shop without one has no kiosk setup) opens the settings: the store view
 * the tablet shows, the pickup location it serves, kiosk mode and the minutes without use after
 * which a shopper's turn ends. Beside them what the staff needs to trust the tablet offline: how
 * much of the catalogue it holds, the storage used and granted, whether the browser keeps it, the
 * last sync and the orders waiting to be sent.
 */
import { useState, type FormEvent } from 'react'
import { STORE_CODES, STORE_VIEWS, SHOP_TIME_ZONE, type StoreCode } from '../../../domain/store-views'
import { useI18nContext } from '../../../locales/i18n-react'
import { readConfig } from '../../config'
import { useShopDetails, useSyncStatus } from '../../data/hooks'
import { useOrders } from '../../data/use-checkout'
import { unlockKiosk } from '../../data/use-kiosk'
import type { KioskUnlockError } from '../../data/worker-types'
import { askPersistentStorage, megabytes, useStorageFacts, waitingOrders } from '../../kiosk/kiosk-facts'
import { DEFAULT_IDLE_MINUTES, MAX_IDLE_MINUTES, readKioskSettings, saveKioskSettings } from '../../kiosk/kiosk-settings'
import { useDocumentTitle } from '../../ui/document-title'
import { useStoreView } from '../../ui/store-view'
import './kiosk.css'

export function KioskSetupPage() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.kiosk.title())
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<KioskUnlockError | null>(null)
  const [unlocked, setUnlocked] = useState<{ products: number; pass: string } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const answer = await unlockKiosk(pin.trim()).catch((): { ok: false; error: KioskUnlockError } => ({ ok: false, error: 'serverError' }))
    setBusy(false)
    if (answer.ok) {
      setError(null)
      setUnlocked({ products: answer.products, pass: answer.pass })
    } else setError(answer.error)
  }

  return (
    <section className="kiosk-setup" data-route="kiosk">
      <h1>{LL.kiosk.title()}</h1>
      {unlocked === null ? (
        <form className="kiosk-setup__unlock" onSubmit={(event) => void submit(event)} noValidate>
          <p>{LL.kiosk.intro()}</p>
          <label htmlFor="kiosk-pin">{LL.kiosk.pinLabel()}</label>
          <input
            id="kiosk-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            aria-invalid={error === 'wrongPin'}
            aria-describedby={error ? 'kiosk-pin-error' : undefined}
            onChange={(event) => setPin(event.target.value)}
          />
          {error ? (
            <p id="kiosk-pin-error" className="form-error" role="alert">
              {LL.kiosk[error]()}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy || pin.trim() === ''}>
            {busy ? LL.kiosk.checking() : LL.kiosk.unlock()}
          </button>
        </form>
      ) : (
        <KioskSettingsForm products={unlocked.products} pass={unlocked.pass} />
      )}
    </section>
  )
}

function KioskSettingsForm({ products, pass }: { products: number; pass: string }) {
  const { LL } = useI18nContext()
  const { storeView } = useStoreView()
  const locale = storeView.i18n.defaultLocale
  const saved = readKioskSettings()
  const shop = useShopDetails()
  const sync = useSyncStatus()
  const orders = useOrders()
  const storage = useStorageFacts()
  const [store, setStore] = useState<StoreCode>(saved.store ?? storeView.storeCode)
  const [kiosk, setKiosk] = useState(readConfig(window.location)?.replicationMode !== 'shopper' || saved.store === null)
  const [idle, setIdle] = useState(String(saved.idleMinutes))
  const pickup = shop?.pickup.name ?? null

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const minutes = Math.min(MAX_IDLE_MINUTES, Math.max(1, Math.round(Number(idle)) || DEFAULT_IDLE_MINUTES))
    saveKioskSettings({ store, pickup, idleMinutes: minutes }, kiosk, pass)
    if (kiosk) await askPersistentStorage()
    // the mode is the worker's from its start: the chosen store view opens anew
    window.location.assign(`${STORE_VIEWS[store].url}/`)
  }

  const stored = sync?.productCount ?? 0
  const lastSync = sync?.lastPulledAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(sync.lastPulledAt))
    : LL.kiosk.never()
  return (
    <>
      <form className="kiosk-setup__settings" onSubmit={(event) => void save(event)}>
        <label htmlFor="kiosk-store">{LL.kiosk.storeView()}</label>
        <select id="kiosk-store" value={store} onChange={(event) => setStore(event.target.value as StoreCode)}>
          {STORE_CODES.map((code) => (
            <option key={code} value={code}>
              {STORE_VIEWS[code].name}
            </option>
          ))}
        </select>
        <fieldset>
          <legend>{LL.kiosk.pickup()}</legend>
          {pickup ? (
            <label className="kiosk-setup__choice">
              <input type="radio" name="kiosk-pickup" value={pickup} checked readOnly />
              {pickup}
            </label>
          ) : null}
        </fieldset>
        <label className="kiosk-setup__choice">
          <input type="checkbox" checked={kiosk} onChange={(event) => setKiosk(event.target.checked)} />
          {LL.kiosk.mode()}
        </label>
        <label htmlFor="kiosk-idle">{LL.kiosk.idle()}</label>
        <input id="kiosk-idle" type="number" min={1} max={MAX_IDLE_MINUTES} value={idle} onChange={(event) => setIdle(event.target.value)} />
        <button type="submit" className="button button--primary">
          {LL.kiosk.save()}
        </button>
      </form>
      <dl className="kiosk-setup__facts" data-testid="kiosk-facts">
        <dt id="kiosk-catalogue">{LL.kiosk.catalogue()}</dt>
        <dd>
          <progress aria-labelledby="kiosk-catalogue" value={Math.min(stored, products)} max={Math.max(products, 1)} />
          <span data-testid="kiosk-progress">{LL.kiosk.progress({ stored, total: products })}</span>
        </dd>
        <dt>{LL.kiosk.storage()}</dt>
        <dd data-testid="kiosk-storage">
          {storage?.usage != null && storage.quota != null
            ? LL.kiosk.storageFigures({ used: megabytes(storage.usage, locale), quota: megabytes(storage.quota, locale) })
            : LL.kiosk.storageUnknown()}
        </dd>
        <dt>{LL.kiosk.persisted()}</dt>
        <dd>{storage?.persisted ? LL.kiosk.persistedYes() : LL.kiosk.persistedNo()}</dd>
        <dt>{LL.kiosk.lastSync()}</dt>
        <dd>{lastSync}</dd>
        <dt>{LL.kiosk.ordersWaiting()}</dt>
        <dd data-testid="kiosk-orders-waiting">{waitingOrders(orders)}</dd>
      </dl>
    </>
  )
}
