/**
 * Step 3, payment (spec §3 paymentDetails): the billing address (the shipping address unless the
 * shopper says otherwise), company and VAT number with the VAT check and the B2B reverse-charge
 * notice (when the shop's totals, which follow the checked number, charge no VAT), and the payment methods. A provider's method (iDEAL, Bancontact, …)
 * needs the network: after the order is placed the confirmation sends the shopper to its page.
 * An order the gift cards pay in full asks for no method (domain/gift-card-payment).
 */
import { useState } from 'react'
import { checkTaxId } from '../../../domain/address'
import { asksBillingAddress, billingCountry, isPickup } from '../../../domain/checkout'
import type { Country } from '../../../domain/store-views'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { checkVatNumber, usePaymentMethods } from '../../data/use-checkout-commands'
import type { CheckoutPatch, PaymentDetails, PaymentMethodView, ShippingDetails, VatCheckView } from '../../data/worker-types'
import { paymentMethodName } from '../../ui/method-names'
import { AddressFields, FieldError, TextField, type Errors } from './checkout-fields'
import { checkText } from './checkout-rules'

type VatAsked = { input: string; result: VatCheckView | null } | null

function vatNoteOf(vat: VatAsked, result: VatCheckView | null, LL: TranslationFunctions): string | null {
  if (!vat) return null
  if (!result) return LL.checkout.vatChecking()
  if (result.offline) return LL.checkout.vatOffline()
  if (result.valid === true) return LL.vatCheck.valid()
  return result.valid === false ? LL.vatCheck.invalid() : LL.vatCheck.unverified()
}

/**
 * The VAT number's check on leaving the field: a number that cannot be one is told at once (the
 * value left), as the register's answer is; a plausible one is asked of the register (offline: its
 * format and checksum alone). `checked`: the number the register answered for.
 */
function useVatCheck(country: Country, vatId: string) {
  const { LL } = useI18nContext()
  const [vat, setVat] = useState<VatAsked>(null)
  const [leftVat, setLeftVat] = useState<string | null>(null)
  const input = vatId.trim()
  const problem = leftVat === input && input !== '' ? checkText(checkTaxId(country, input), LL) : null
  const check = () => {
    setLeftVat(input)
    if (input === '' || !checkTaxId(country, input).ok) return setVat(null)
    setVat({ input, result: null })
    void checkVatNumber(country, input).then((result) => setVat((v) => (v?.input === input ? { input, result } : v)))
  }
  const result = vat && vat.input === input ? vat.result : null
  return { problem, note: vatNoteOf(vat, result, LL), check, checked: vat?.result ? vat.input : '' }
}

function PaymentMethods({
  methods,
  chosen,
  error,
  choose,
}: {
  methods: PaymentMethodView[] | undefined
  chosen: string | null
  error: string | undefined
  choose: (code: string) => void
}) {
  const { LL } = useI18nContext()
  const label = (m: PaymentMethodView) => {
    const name = paymentMethodName(LL, m.code, m.title)
    if (m.availability === 'online-only') return `${name} (${LL.checkout.methodNeedsConnection()})`
    return name
  }
  const firstAvailable = methods?.find((m) => m.availability === 'available')
  return (
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
              checked={chosen === m.code}
              onChange={() => choose(m.code)}
            />
            <label htmlFor={id}>{label(m)}</label>
          </div>
        )
      })}
      <FieldError id="pay-method" error={error} />
    </fieldset>
  )
}

export function PaymentStep({
  ship,
  pay,
  errors,
  update,
  online,
  paidInFull,
  virtual,
  reverseCharge,
}: {
  ship: ShippingDetails
  pay: PaymentDetails
  /** nothing to ship (spec §4 virtual cart): this is step 2, and the billing address is asked itself */
  virtual: boolean
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
  const details = { shippingDetails: ship, paymentDetails: pay }
  // picked up in the shop: no delivery address, so the billing address is asked itself
  const pickup = isPickup(details, virtual)
  const ownBilling = asksBillingAddress(details, virtual)
  const vat = useVatCheck(billingCountry(details, virtual), pay.vatId)
  // asked again once a VAT number is checked: the server's totals then follow the buyer's VAT
  const methods = usePaymentMethods(`${ship.country}:${carrier}:${online}:${vat.checked}`)
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
          onBlur={vat.check}
          error={errors['bill-vatId'] ?? vat.problem ?? undefined}
          hintId={vat.note ? 'bill-vatId-note' : undefined}
        />
      </div>
      {vat.note ? (
        <p id="bill-vatId-note" role="status" className="muted small">
          {vat.note}
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
        <PaymentMethods methods={methods} chosen={pay.paymentMethod} error={errors['pay-method']} choose={(paymentMethod) => set({ paymentMethod })} />
      )}
    </section>
  )
}
