/**
 * The sandbox's hosted payment page: plain server-rendered HTML with one form, in the order's
 * store view language. No script and no inline style (the shop's CSP allows neither); the form
 * posts to itself (form-action 'self').
 */
import { SANDBOX_RESULTS, type SandboxResult } from '../../domain/api/payment.schema'
import type { ProviderPaymentStatus } from './provider'
import { formatPrice } from '../../domain/money'
import { PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { plainPage } from '../http/plain-page'
import type { SandboxPaymentRow } from '../storage/sandbox-payment-repository'
import { escapeHtml, methodName, wordsFor, type ShopWords } from './payment-words'

function resultLabel(words: ShopWords, result: SandboxResult): string {
  const labels: Record<SandboxResult, () => string> = {
    paid: words.payment.resultPaid,
    cancelled: words.payment.resultCancelled,
    failed: words.payment.resultFailed,
    pending: words.payment.resultPending,
  }
  return labels[result]()
}

const page = (store: StoreCode, title: string, body: string): string => plainPage(STORE_VIEWS[store].htmlLang, title, body)

export function storeOf(code: string): StoreCode {
  return (code in STORE_VIEWS ? code : 'en') as StoreCode
}

/** The payment page: the order, the amount, the eight methods (the chosen one checked) and the results; a finished payment links back. */
export function renderSandboxPage(payment: SandboxPaymentRow, current: ProviderPaymentStatus): string {
  const open = current === 'pending'
  const store = storeOf(payment.store_code)
  const words = wordsFor(store)
  const p = words.payment
  const amount = formatPrice(payment.amount_cents, STORE_VIEWS[store].i18n)
  const head = `<h1>${escapeHtml(p.sandboxTitle())}</h1>
<p>${escapeHtml(p.sandboxOrder({ orderNumber: payment.order_number }))}</p>
<p>${escapeHtml(p.sandboxAmount({ amount }))}</p>`
  if (!open) {
    return page(
      store,
      p.sandboxTitle(),
      `${head}
<p>${escapeHtml(p.sandboxFinished())}</p>
<p><a href="${escapeHtml(current === 'paid' ? payment.return_url : payment.cancel_url)}">${escapeHtml(p.backToShop())}</a></p>`,
    )
  }
  const methods = PROVIDER_PAYMENT_METHODS.map(
    (m) =>
      `<label><input type="radio" name="method" value="${m.code}"${m.code === payment.method ? ' checked' : ''}> ${escapeHtml(methodName(words, m.code))}</label><br>`,
  ).join('\n')
  const results = SANDBOX_RESULTS.map(
    (r, i) => `<label><input type="radio" name="result" value="${r}"${i === 0 ? ' checked' : ''}> ${escapeHtml(resultLabel(words, r))}</label><br>`,
  ).join('\n')
  return page(
    store,
    p.sandboxTitle(),
    `${head}
<p>${escapeHtml(p.sandboxIntro())}</p>
<form method="post" action="/payment-sandbox/${encodeURIComponent(payment.id)}">
<fieldset>
<legend>${escapeHtml(p.sandboxMethod())}</legend>
${methods}
</fieldset>
<fieldset>
<legend>${escapeHtml(p.sandboxResult())}</legend>
${results}
</fieldset>
<button type="submit">${escapeHtml(p.sandboxSubmit())}</button>
</form>`,
  )
}

export function renderSandboxNotFound(): string {
  const words = wordsFor('en')
  return page('en', words.payment.sandboxTitle(), `<h1>${escapeHtml(words.payment.sandboxTitle())}</h1>\n<p>${escapeHtml(words.payment.sandboxNotFound())}</p>`)
}
