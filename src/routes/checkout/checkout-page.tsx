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
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { useCart, useSyncStatus } from '../../data/hooks'
import { newPasswordProblem } from '../../../domain/account-form'
import { applyCheckoutPatch, checkoutProblems, type CheckoutCharge } from '../../../domain/checkout'
import { isVirtualCart } from '../../../domain/virtual-cart'
import { applyAccountCommand, useAccount } from '../../data/use-account'
import type { AccountResult, AccountView, CartView } from '../../data/worker-types'
import { useCheckout } from '../../data/use-checkout'
import { placeOrder, updateCheckout } from '../../data/use-checkout-commands'
import type { CheckoutDetails, CheckoutPatch, PlaceOrderResult } from '../../data/worker-types'
import { useDocumentTitle } from '../../ui/document-title'
import { accountErrorText, problemText as accountProblemText } from '../account/account-words'
import { prefillFromAccount, problemWords, type FieldProblemText } from './checkout-rules'
import { PaymentStep } from './payment-step'
import { PersonalStep } from './personal-step'
import { ReviewStep } from './review-step'
import { ShippingStep } from './shipping-step'
import './checkout.css'
import { useShownAnalytics } from '../../data/use-checkout-commands'
import { LazyConsent } from '../../consent/lazy-consent'

type Problem = Extract<PlaceOrderResult, { ok: false }>['problem']

/** The page's own copy of the details, from the worker's first view on; each change is saved on the device too. */
function useDetails(initial: CheckoutDetails | undefined, account: AccountView | undefined) {
  const [details, setDetails] = useState<CheckoutDetails | null>(null)
  useEffect(() => {
    if (initial && !details) setDetails(initial)
  }, [initial, details])
  const update = (patch: CheckoutPatch) => {
    setDetails((d) => (d ? applyCheckoutPatch(d, patch) : d))
    updateCheckout(patch)
  }
  // a signed-in customer starts from their details and default addresses, once the page has both
  const [prefilled, setPrefilled] = useState(false)
  useEffect(() => {
    if (prefilled || !details || !account?.customer) return
    setPrefilled(true)
    const patch = prefillFromAccount(details, account)
    if (patch) update(patch)
  }, [details, account, prefilled])
  return { details, update }
}

/**
 * The form's problems in the shopper's words, checked on the page's own copy at each keystroke by
 * the rule the worker places by (domain/checkout), with the new account's password among them.
 */
function useFormProblems(details: CheckoutDetails | null, situation: { paidInFull: boolean; virtual: boolean }, password: string | null): FieldProblemText[] {
  const { LL } = useI18nContext()
  const { paidInFull, virtual } = situation
  return useMemo(() => {
    if (!details) return []
    const found = checkoutProblems(details, { paidInFull, virtual }).map((p) => problemWords(p, LL))
    const message = password === null ? undefined : accountProblemText(LL, newPasswordProblem(password))
    // the password field follows the names in the form: its problem goes after theirs
    if (message) {
      const at = found.findIndex((p) => !p.id.startsWith('co-email') && !p.id.startsWith('co-firstName') && !p.id.startsWith('co-lastName'))
      found.splice(at === -1 ? found.length : at, 0, { id: 'co-password', message })
    }
    return found
  }, [details, LL, paidInFull, virtual, password])
}

function orderProblemText(problem: Problem, LL: TranslationFunctions): string {
  return {
    emptyCart: LL.checkout.emptyCart(),
    incomplete: LL.checkout.incomplete(),
    methodNotAvailable: LL.checkout.methodNotAvailable(),
    orderPending: LL.checkout.orderPending(),
  }[problem]
}

/** As VSF1 does: the account first, so the order is placed as the new customer's (and is in their order history). */
async function registerFirst(details: CheckoutDetails, password: string): Promise<AccountResult> {
  const person = details.personalDetails
  return applyAccountCommand({
    type: 'register',
    email: person.emailAddress.trim(),
    firstname: person.firstName.trim(),
    lastname: person.lastName.trim(),
    password,
  }).catch((): AccountResult => ({ ok: false, error: 'serverError', notifications: [] }))
}

function EmptyCheckout() {
  const { LL } = useI18nContext()
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

function Notice({ text, testId }: { text: string | null; testId?: string }) {
  return text ? (
    <p className="notice notice--error" role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null
}

function CheckoutPageContent() {
  const { LL } = useI18nContext()
  useDocumentTitle(LL.checkout.title())
  const checkout = useCheckout()
  const cart = useCart()
  const account = useAccount()
  const { details, update } = useDetails(checkout?.details, account)
  if (!details || !cart || !checkout) return <p className="muted">{LL.checkout.loadingMethods()}</p>
  // what the order charges is the worker's (domain/checkout, on the cart as it is now)
  return <CheckoutForm details={details} update={update} cart={cart} charge={checkout.charge} loggedIn={Boolean(account?.customer)} />
}

function CheckoutForm({
  details,
  update,
  cart,
  charge,
  loggedIn,
}: {
  details: CheckoutDetails
  update: (patch: CheckoutPatch) => void
  cart: CartView
  charge: CheckoutCharge
  loggedIn: boolean
}) {
  const { LL } = useI18nContext()
  const status = useSyncStatus()
  const navigate = useNavigate()
  useShownAnalytics('begin_checkout', cart.items.length > 0)
  const online = status?.online ?? true
  const [attempted, setAttempted] = useState(false)
  const [placing, setPlacing] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  // "create an account": the password stays in the page, never on the device (spec §4 "Order success")
  const [password, setPassword] = useState('')
  const [accountFailure, setAccountFailure] = useState<string | null>(null)

  // spec §4: a cart of only virtual, downloadable or e-mailed gift card items ships nothing
  const virtual = isVirtualCart(cart.items)
  // the shop decides: its totals, which follow the buyer's checked VAT number, charge no VAT
  const reverseCharge = charge.vatFree && details.paymentDetails.vatId.trim() !== ''
  const wantsAccount = details.personalDetails.createAccount && online && !loggedIn
  const problems = useFormProblems(details, { paidInFull: charge.paidInFull, virtual }, wantsAccount ? password : null)
  const errors = attempted ? Object.fromEntries(problems.map((p) => [p.id, p.message])) : {}

  // placing empties the cart (the order took its lines): the form stays until the thank-you page opens
  if (cart.items.length === 0 && !placing) return <EmptyCheckout />

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
        // a refusal (an address with an account already) places nothing
        const made = await registerFirst(details, password)
        if (!made.ok) {
          setAccountFailure(made.error === 'invalid' && made.text ? made.text : accountErrorText(LL, made.error ?? 'serverError'))
          return
        }
        setPassword('')
        update({ personalDetails: { createAccount: false } })
      }
      const result = await placeOrder()
      if (result.ok) await navigate({ to: '/success' })
      else setProblem(result.problem)
    } finally {
      setPlacing(false)
    }
  }

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
        {virtual ? null : <ShippingStep ship={details.shippingDetails} errors={errors} update={update} cartKey={itemsKey} online={online} />}
        <PaymentStep
          ship={details.shippingDetails}
          pay={details.paymentDetails}
          errors={errors}
          update={update}
          online={online}
          paidInFull={charge.paidInFull}
          virtual={virtual}
          reverseCharge={reverseCharge}
        />
        <ReviewStep
          cart={cart}
          charge={charge}
          termsAccepted={details.termsAccepted}
          errors={errors}
          update={update}
          step={virtual ? 3 : 4}
          virtual={virtual}
          reverseCharge={reverseCharge}
        />
        <Notice text={attempted && problems.length ? LL.checkout.errorSummary({ count: problems.length }) : null} />
        <Notice text={accountFailure ? LL.checkout.accountNotCreated({ reason: accountFailure }) : null} testId="checkout-account-failure" />
        <Notice text={problem ? orderProblemText(problem, LL) : null} />
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

/** The page, and the consent banner with the tag manager: the minimal layout has no footer to bring them (src/consent/lazy-consent.tsx). */
export function CheckoutPage() {
  return (
    <>
      <CheckoutPageContent />
      <LazyConsent />
    </>
  )
}
