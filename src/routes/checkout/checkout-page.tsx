/**
 * /checkout (minimal layout): four steps on one page, each its own file. The details are the
 * worker's (workers/orders): every change is saved on the device at once, so a reload or an offline
 * spell loses nothing; the page keeps its own copy so typing never waits for the worker. Placing
 * the order stores it on the device first; online it reaches the shop at once, offline when the
 * connection is back. Errors show after a first attempt, linked to their fields, and the focus goes
 * to the first invalid field.
 */
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { getDataClient } from '../../data/data-client'
import { useCart, useSyncStatus } from '../../data/hooks'
import { newPasswordProblem } from '../../../domain/account-form'
import { isVirtualCart } from '../../../domain/virtual-cart'
import { applyAccountCommand, useAccount } from '../../data/use-account'
import type { AccountResult } from '../../data/worker-types'
import { useCheckout } from '../../data/use-checkout'
import type { CheckoutDetails, CheckoutPatch, PlaceOrderResult, ShippingMethodView } from '../../data/worker-types'
import { useDocumentTitle } from '../../ui/document-title'
import { accountErrorText, problemText as accountProblemText } from '../account-words'
import { checkoutCharge } from '../../../domain/checkout-charge'
import { checkoutProblems, patched, prefillFromAccount } from './checkout-rules'
import { PaymentStep } from './payment-step'
import { PersonalStep } from './personal-step'
import { ReviewStep } from './review-step'
import { ShippingStep } from './shipping-step'
import './checkout.css'

type Problem = Extract<PlaceOrderResult, { ok: false }>['problem']

export function CheckoutPage() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.checkout.title())
  const checkout = useCheckout()
  const cart = useCart()
  const status = useSyncStatus()
  const navigate = useNavigate()
  const online = status?.online ?? true
  const [details, setDetails] = useState<CheckoutDetails | null>(null)
  const [attempted, setAttempted] = useState(false)
  const [placing, setPlacing] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [shippingMethods, setShippingMethods] = useState<ShippingMethodView[]>([])
  // "create an account": the password stays in the page, never on the device (spec §4 "Order success")
  const [password, setPassword] = useState('')
  const account = useAccount()
  const [accountFailure, setAccountFailure] = useState<string | null>(null)
  const loggedIn = Boolean(account?.customer)

  useEffect(() => {
    if (checkout && !details) setDetails(checkout.details)
  }, [checkout, details])
  // a signed-in customer starts from their details and default addresses, once the page has both
  const [prefilled, setPrefilled] = useState(false)
  useEffect(() => {
    if (prefilled || !details || !account?.customer) return
    setPrefilled(true)
    const patch = prefillFromAccount(details, account)
    if (!patch) return
    setDetails((d) => (d ? patched(d, patch) : d))
    void getDataClient().updateCheckout(patch)
  }, [details, account, prefilled])

  // spec §4: a cart of only virtual, downloadable or e-mailed gift card items ships nothing
  const virtual = Boolean(cart && cart.items.length > 0 && isVirtualCart(cart.items))
  const chosen = details?.shippingDetails.shippingMethod ?? null
  const shipping = virtual ? null : (shippingMethods.find((m) => m.carrierCode === chosen?.carrierCode && m.methodCode === chosen.methodCode) ?? null)
  const charge = cart ? checkoutCharge(cart, shipping?.amount ?? 0) : null
  const paidInFull = charge?.paidInFull ?? false
  // the shop decides: its totals, which follow the buyer's checked VAT number, charge no VAT
  const reverseCharge = Boolean(charge?.vatFree && details?.paymentDetails.vatId.trim())
  const wantsAccount = Boolean(details?.personalDetails.createAccount) && online && !loggedIn
  const problems = useMemo(() => {
    if (!details) return []
    const found = checkoutProblems(details, LL, paidInFull, virtual)
    const message = wantsAccount ? accountProblemText(LL, newPasswordProblem(password)) : undefined
    // the password field follows the names in the form: its problem goes after theirs
    if (message) {
      const at = found.findIndex((p) => !p.id.startsWith('co-email') && !p.id.startsWith('co-firstName') && !p.id.startsWith('co-lastName'))
      found.splice(at === -1 ? found.length : at, 0, { id: 'co-password', message })
    }
    return found
  }, [details, LL, paidInFull, virtual, wantsAccount, password])
  const errors = attempted ? Object.fromEntries(problems.map((p) => [p.id, p.message])) : {}

  if (!details || !cart) return <p className="muted">{LL.checkout.loadingMethods()}</p>
  // placing empties the cart (the order took its lines): the form stays until the thank-you page opens
  if (cart.items.length === 0 && !placing) {
    return (
      <section className="empty-state">
        <h1>{LL.checkout.title()}</h1>
        <p role="status">{LL.checkout.emptyCart()}</p>
        <Link to="/" className="button button--primary">
          {LL.lists.continueShopping()}
        </Link>
      </section>
    )
  }

  const update = (patch: CheckoutPatch) => {
    setDetails((d) => (d ? patched(d, patch) : d))
    void getDataClient().updateCheckout(patch)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    setProblem(null)
    setAccountFailure(null)
    if (problems.length) {
      // after the error texts render, so the field is described by its error when it takes the focus
      requestAnimationFrame(() => document.getElementById(problems[0]!.id)?.focus())
      return
    }
    setPlacing(true)
    try {
      if (wantsAccount) {
        // as VSF1 does: the account first, so the order is placed as the new customer's (and is in
        // their order history); a refusal (an address with an account already) places nothing
        const person = details.personalDetails
        const made = await applyAccountCommand({
          type: 'register',
          email: person.emailAddress.trim(),
          firstname: person.firstName.trim(),
          lastname: person.lastName.trim(),
          password,
        }).catch((): AccountResult => ({ ok: false, error: 'serverError', notifications: [] }))
        if (!made.ok) {
          setAccountFailure(made.error === 'invalid' && made.text ? made.text : accountErrorText(LL, made.error ?? 'serverError'))
          return
        }
        setPassword('')
        update({ personalDetails: { createAccount: false } })
      }
      const result = await getDataClient().placeOrder()
      if (result.ok) await navigate({ to: '/success' })
      else setProblem(result.problem)
    } finally {
      setPlacing(false)
    }
  }

  const problemText = problem
    ? {
        emptyCart: LL.checkout.emptyCart(),
        incomplete: LL.checkout.incomplete(),
        methodNotAvailable: LL.checkout.methodNotAvailable(),
        orderPending: LL.checkout.orderPending(),
      }[problem]
    : null
  const itemsKey = cart.items.map((i) => i.type_id).join(',')
  return (
    <section className="checkout-page">
      <h1>{LL.checkout.title()}</h1>
      {!online ? (
        <p className="notice notice--info" role="status">
          {LL.checkout.offlineNotice()}
        </p>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={LL.checkout.title()}>
        <PersonalStep person={details.personalDetails} errors={errors} update={update} account={{ loggedIn, offered: online, password, setPassword }} />
        {virtual ? null : (
          <ShippingStep ship={details.shippingDetails} errors={errors} update={update} cartKey={itemsKey} online={online} onMethods={setShippingMethods} />
        )}
        <PaymentStep
          ship={details.shippingDetails}
          pay={details.paymentDetails}
          errors={errors}
          update={update}
          online={online}
          paidInFull={paidInFull}
          virtual={virtual}
          pickup={!virtual && chosen?.carrierCode === 'storepickup'}
          reverseCharge={reverseCharge}
        />
        <ReviewStep
          cart={cart}
          shipping={shipping}
          charge={charge!}
          termsAccepted={details.termsAccepted}
          errors={errors}
          update={update}
          step={virtual ? 3 : 4}
          virtual={virtual}
          reverseCharge={reverseCharge}
        />
        {attempted && problems.length ? (
          <p className="notice notice--error" role="alert">
            {LL.checkout.errorSummary({ count: problems.length })}
          </p>
        ) : null}
        {accountFailure ? (
          <p className="notice notice--error" role="alert" data-testid="checkout-account-failure">
            {LL.checkout.accountNotCreated({ reason: accountFailure })}
          </p>
        ) : null}
        {problemText ? (
          <p className="notice notice--error" role="alert">
            {problemText}
          </p>
        ) : null}
        <div className="checkout-actions">
          <Link to="/checkout/cart" className="button button--secondary">
            {LL.checkout.backToCart()}
          </Link>
          <button type="submit" className="button button--primary" disabled={placing} aria-busy={placing}>
            {placing ? LL.checkout.placing() : LL.checkout.placeOrder()}
          </button>
        </div>
      </form>
    </section>
  )
}
