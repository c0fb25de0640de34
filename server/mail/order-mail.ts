/**
 * The order confirmation mail's content in the order's store view language: subject, plain text
 * and simple HTML with the order number, the lines, the totals and the addresses. Words from the
 * dictionaries; prices formatted per store view (domain/money formatPrice). Pure: no I/O.
 */
import { formatDate, formatPrice, toCents } from '../../domain/money'
import { STORE_VIEWS } from '../../domain/store-views'
import { escapeHtml, methodName, wordsFor } from '../payments/payment-words'
import { storeOf } from '../payments/sandbox-page'
import type { OrderLineRow, OrderRow } from '../storage/order-repository'

export interface OrderMailContent {
  subject: string
  text: string
  html: string
}

function addressLines(address: Record<string, unknown> | null): string[] {
  if (!address) return []
  const s = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '')
  const street = Array.isArray(address.street) ? address.street.filter((x): x is string => typeof x === 'string').join(' ') : ''
  return [`${s('firstname')} ${s('lastname')}`.trim(), s('company'), street, `${s('postcode')} ${s('city')}`.trim(), s('country_id')].filter(Boolean)
}

export function orderMailContent(order: OrderRow, lines: readonly OrderLineRow[], paid: boolean): OrderMailContent {
  const store = storeOf(order.store_code)
  const words = wordsFor(store)
  const m = words.orderMail
  const money = (amount: number) => formatPrice(toCents(amount), STORE_VIEWS[store].i18n)
  const totals = order.totals as { subtotal_incl_tax?: unknown; shipping_incl_tax?: unknown; tax_amount?: unknown }
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0))
  const billing = order.billing_address
  const name = [billing.firstname, billing.lastname].filter((x) => typeof x === 'string').join(' ')

  const lineTexts = lines.map((l) => m.line({ qty: l.qty, name: l.name, amount: money(l.row_total_incl_tax) }))
  const totalRows: [string, string][] = [
    [words.cart.subtotal(), money(num(totals.subtotal_incl_tax))],
    // a virtual order ships nothing: no shipping line
    ...(order.shipping_carrier_code ? [[words.cart.shipping(), money(num(totals.shipping_incl_tax))] as [string, string]] : []),
    [words.cart.tax(), money(num(totals.tax_amount))],
    [words.cart.grandTotal(), money(order.grand_total)],
  ]
  const shipping = addressLines(order.shipping_address)
  const billingLines = addressLines(billing)
  const intro = paid ? m.paidThanks() : m.thanks()
  const date = formatDate(new Date(order.created_at), STORE_VIEWS[store].i18n.dateFormat)
  const method = m.paymentMethod({ method: methodName(words, order.payment_method_code) })

  const text = [
    m.greeting({ name }),
    '',
    intro,
    '',
    m.orderNumber({ orderNumber: order.increment_id }),
    m.orderDate({ date }),
    '',
    m.lines(),
    ...lineTexts.map((t) => `- ${t}`),
    '',
    ...totalRows.map(([label, value]) => `${label}: ${value}`),
    '',
    method,
    ...(shipping.length ? ['', m.shippingAddress(), ...shipping] : []),
    '',
    m.billingAddress(),
    ...billingLines,
    '',
    m.closing(),
    words.shopName(),
    '',
  ].join('\n')

  const e = escapeHtml
  const html = `<!doctype html>
<html lang="${e(STORE_VIEWS[store].htmlLang)}"><head><meta charset="utf-8"><title>${e(m.subject({ orderNumber: order.increment_id }))}</title></head>
<body>
<p>${e(m.greeting({ name }))}</p>
<p>${e(intro)}</p>
<p><strong>${e(m.orderNumber({ orderNumber: order.increment_id }))}</strong><br>${e(m.orderDate({ date }))}</p>
<h2>${e(m.lines())}</h2>
<ul>
${lineTexts.map((t) => `<li>${e(t)}</li>`).join('\n')}
</ul>
<table>
${totalRows.map(([label, value]) => `<tr><th align="left">${e(label)}</th><td align="right">${e(value)}</td></tr>`).join('\n')}
</table>
<p>${e(method)}</p>
${shipping.length ? `<h2>${e(m.shippingAddress())}</h2>\n<p>${shipping.map(e).join('<br>')}</p>` : ''}
<h2>${e(m.billingAddress())}</h2>
<p>${billingLines.map(e).join('<br>')}</p>
<p>${e(m.closing())}<br>${e(words.shopName())}</p>
</body></html>
`
  return { subject: m.subject({ orderNumber: order.increment_id }), text, html }
}
