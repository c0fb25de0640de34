/**
 * Step 3, payment (spec §3 paymentDetails): the billing address (the shipping address unless the
 * shopper says otherwise), company and VAT number with the VAT check and the B2B reverse-charge
 * notice (when the shop's totals, which follow the checked number, charge no VAT), and the payment methods. A provider's method (iDEAL, Bancontact, …)
 * needs the network: after the order is placed the confirmation sends the shopper to its page.
 * An order the gift cards pay in full asks for no method (domain/gift-card-payment).
 */
import { useState } from 'react'
import { checkTaxId } from '../../../domain/address'
import { useI18nContext } from '../../../locales/i18n-react'
import { getDataClient } from '../../data/data-client'
import { useWorkerRead } from '../../data/hooks'
import type { CheckoutPatch, PaymentDetails, PaymentMethodView, ShippingDetails, VatCheckView } from '../../data/worker-types'
import { paymentMethodName } from '../../ui/method-names'
import { AddressFields, FieldError, TextField, type Errors } from './checkout-fields'
import { checkText } from './checkout-rules'

export function PaymentStep({
  ship,
  pay,
  errors,
  update,
  online,
  paidInFull,
  virtual,
  pickup,
  reverseCharge,
}: {
  ship: ShippingDetails
  pay: PaymentDetails
  /** nothing to ship (spec §4 virtual cart): this is step 2, and the billing address is asked itself */
  virtual: boolean
  /** picked up in the shop: no delivery address, so the billing address is asked itself */
  pickup: boolean
  errors: Errors
  update: (patch: CheckoutPatch) => void
  online: boolean
  /** gift cards pay the whole order: no method is asked, the order goes to the shop as paid */
  paidInFull: boolean
  /** the shop's totals charge this buyer no VAT (its VAT number, as the shop checked it: the reverse charge) */
  reverseCharge: boolean
}) {
  const { LL } = useI18nContext()
  const set = (patch: Partial<PaymentDetails>) => update({ paymentDetails: patch })
  const carrier = ship.shippingMethod ? `${ship.shippingMethod.carrierCode}_${ship.shippingMethod.methodCode}` : 'none'
  const [vat, setVat] = useState<{ input: string; result: VatCheckView | null } | null>(null)
  // asked again once a VAT number is checked: the server's totals then follow the buyer's VAT
  const checkedVat = vat?.result ? vat.input : ''
  const methods = useWorkerRead(`payment:${ship.country}:${carrier}:${online}:${checkedVat}`, () => getDataClient().paymentMethods(), 'paymentMethods')
  const ownBilling = virtual || pickup || !pay.sameAsShipping
  const billingCountry = ownBilling ? pay.country : ship.country

  // a number that cannot be one is told on leaving the field (the value left), as the register's answer is
  const [leftVat, setLeftVat] = useState<string | null>(null)
  const vatId = pay.vatId.trim()
  const vatProblem = leftVat === vatId && vatId !== '' ? checkText(checkTaxId(billingCountry, vatId), LL) : null
  const checkVat = () => {
    const input = pay.vatId.trim()
    setLeftVat(input)
    if (input === '' || !checkTaxId(billingCountry, input).ok) return setVat(null)
    setVat({ input, result: null })
    void getDataClient()
      .checkVatNumber(billingCountry, input)
      .then((result) => setVat((v) => (v?.input === input ? { input, result } : v)))
  }
  const result = vat && vat.input === pay.vatId.trim() ? vat.result : null
  const vatNote = !vat
    ? null
    : !result
      ? LL.checkout.vatChecking()
      : result.offline
        ? LL.checkout.vatOffline()
        : result.valid === true
          ? LL.vatCheck.valid()
          : result.valid === false
            ? LL.vatCheck.invalid()
            : LL.vatCheck.unverified()

  const label = (m: PaymentMethodView) => {
    const name = paymentMethodName(LL, m.code, m.title)
    if (m.availability === 'online-only') return `${name} (${LL.checkout.methodNeedsConnection()})`
    return name
  }
  const error = errors['pay-method']
  const firstAvailable = methods?.find((m) => m.availability === 'available')
  return (
    <section className="checkout-step" aria-labelledby="step-payment">
      <h2 id="step-payment">
        {virtual ? 2 : 3}. {LL.checkout.stepPayment()}
      </h2>
      {virtual || pickup ? null : (
        <div className="checkout-field checkout-field--check">
          <input id="bill-same" type="checkbox" checked={pay.sameAsShipping} onChange={(e) => set({ sameAsShipping: e.target.checked })} />
          <label htmlFor="bill-same">{LL.checkout.sameAsShipping()}</label>
        </div>
      )}
      {!ownBilling ? null : (
        <fieldset className="checkout-fieldset">
          <legend>{LL.checkout.billingAddress()}</legend>
          <AddressFields prefix="bill" address={pay} errors={errors} onChange={set} />
        </fieldset>
      )}
      <div className="checkout-row">
        <TextField id="bill-company" label={LL.checkout.company()} autoComplete="organization" value={pay.company} onChange={(company) => set({ company })} />
        <TextField
          id="bill-vatId"
          label={LL.checkout.vatId()}
          value={pay.vatId}
          onChange={(vatId) => set({ vatId })}
          onBlur={checkVat}
          error={errors['bill-vatId'] ?? vatProblem ?? undefined}
          hintId={vatNote ? 'bill-vatId-note' : undefined}
        />
      </div>
      {vatNote ? (
        <p id="bill-vatId-note" role="status" className="muted small">
          {vatNote}
        </p>
      ) : null}
      {reverseCharge ? (
        <p className="notice notice--info" role="status" data-testid="reverse-charge">
          {LL.vatCheck.reverseChargeNotice()}
        </p>
      ) : null}
      {paidInFull ? (
        <p className="notice notice--info" role="status" data-testid="paid-by-gift-card">
          {LL.checkout.paidByGiftCard()}
        </p>
      ) : (
        <fieldset className="checkout-methods" aria-describedby={error ? 'pay-method-error' : undefined}>
          <legend>{LL.checkout.paymentMethod()}</legend>
          {!methods ? <p className="muted">{LL.checkout.loadingMethods()}</p> : null}
          {methods?.map((m) => {
            const id = m === firstAvailable ? 'pay-method' : `pay-method-${m.code}`
            return (
              <div key={m.code} className="checkout-choice">
                <input
                  id={id}
                  type="radio"
                  name="pay-method"
                  value={m.code}
                  disabled={m.availability !== 'available'}
                  checked={pay.paymentMethod === m.code}
                  onChange={() => set({ paymentMethod: m.code })}
                />
                <label htmlFor={id}>{label(m)}</label>
              </div>
            )
          })}
          <FieldError id="pay-method" error={error} />
        </fieldset>
      )}
    </section>
  )
}
