/**
 * Step 2, shipping (spec §3 shippingDetails): the methods (refreshed when the country changes), then
 * the BE/NL delivery address, or for store pickup the pickup point and its hours (no delivery address).
 */
import { useEffect } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { useShippingMethods } from '../../data/use-checkout-commands'
import type { CheckoutPatch, ShippingDetails, ShippingMethodView } from '../../data/worker-types'
import { usePriceFormatter } from '../../ui/store-view'
import { PickupPoint } from '../../components/shop-details'
import { shippingMethodName } from '../../ui/method-names'
import { AddressFields, FieldError, type Errors } from './checkout-fields'

export function ShippingStep({
  ship,
  errors,
  update,
  cartKey,
  online,
}: {
  ship: ShippingDetails
  errors: Errors
  update: (patch: CheckoutPatch) => void
  /** changes when the cart's lines change (a virtual cart has other methods) */
  cartKey: string
  online: boolean
}) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  // the worker charges the chosen one's price as it offered it last (the review's shipping line)
  const methods = useShippingMethods(ship.country, `${cartKey}:${online}`)
  const chosen = ship.shippingMethod
  useEffect(() => {
    if (!methods) return
    const still = chosen && methods.some((m) => m.carrierCode === chosen.carrierCode && m.methodCode === chosen.methodCode)
    // the first method (store pickup, the shop's default) until the shopper picks another
    if (!still) update({ shippingDetails: { shippingMethod: methods[0] ? { carrierCode: methods[0].carrierCode, methodCode: methods[0].methodCode } : null } })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [methods])
  const title = (m: ShippingMethodView) => shippingMethodName(LL, m.carrierCode, m.title)
  const error = errors['ship-method']
  const pickup = chosen?.carrierCode === 'storepickup'
  return (
    <section className="checkout-step" aria-labelledby="step-shipping">
      <h2 id="step-shipping">2. {LL.checkout.stepShipping()}</h2>
      <fieldset className="checkout-methods" aria-describedby={error ? 'ship-method-error' : undefined}>
        <legend>{LL.checkout.shippingMethod()}</legend>
        {!methods ? <p className="muted">{LL.checkout.loadingMethods()}</p> : null}
        {methods && methods.length === 0 ? <p>{LL.checkout.noShippingMethods()}</p> : null}
        {methods?.map((m, index) => {
          const id = index === 0 ? 'ship-method' : `ship-method-${m.carrierCode}`
          return (
            <div key={`${m.carrierCode}_${m.methodCode}`} className="checkout-choice">
              <input
                id={id}
                type="radio"
                name="ship-method"
                value={`${m.carrierCode}_${m.methodCode}`}
                checked={chosen?.carrierCode === m.carrierCode && chosen.methodCode === m.methodCode}
                onChange={() => update({ shippingDetails: { shippingMethod: { carrierCode: m.carrierCode, methodCode: m.methodCode } } })}
              />
              <label htmlFor={id}>
                {title(m)} — {m.amount === 0 ? LL.checkout.free() : format(m.amount)}
              </label>
            </div>
          )
        })}
        <FieldError id="ship-method" error={error} />
      </fieldset>
      {/* picked up in the shop: its address and hours, no delivery address to ask */}
      {pickup ? <PickupPoint /> : <AddressFields prefix="ship" address={ship} errors={errors} onChange={(patch) => update({ shippingDetails: patch })} />}
    </section>
  )
}
