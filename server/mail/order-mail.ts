/**
 * The order confirmation mail's content in the order's store view language: subject, plain text
 * and simple HTML with the order number, the lines, the totals and the addresses. Words from the
 * dictionaries; prices formatted per store view (domain/money formatPrice). Pure: no I/O.
 */
import type { Totals } from '../../domain/cart.schema'
import type { LineLabel } from '../../domain/cart-line-options'
import { giftCardSharesOf } from '../../domain/cart-totals'
import { formatDate, formatPrice, toCents } from '../../domain/money'
import { openingHoursText } from '../../domain/opening-hours'
import { DEFAULT_SHOP_DETAILS, type ShopDetails } from '../../domain/shop-details'
import { SHOP_TIME_ZONE, STORE_VIEWS } from '../../domain/store-views'
import type { OrderVatDecision } from '../../domain/vat-rule'
import { escapeHtml, methodName, wordsFor } from '../payments/payment-words'
import { storeOf } from '../payments/sandbox-page'
import type { OrderLineRow, OrderRow } from '../storage/order-repository'

export interface OrderMailContent {
  subject: string
  text: string
  html: string
}

/** An address as a shopper writes it: the country by its name in `locale`, not its code. */
function addressLines(address: Record<string, unknown> | null, locale: string): string[] {
  if (!address) return []
  const s = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '')
  const street = Array.isArray(address.street) ? address.street.filter((x): x is string => typeof x === 'string').join(' ') : ''
  const code = s('country_id')
  const country = code ? (new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code) : ''
  return [`${s('firstname')} ${s('lastname')}`.trim(), s('company'), street, `${s('postcode')} ${s('city')}`.trim(), country].filter(Boolean)
}

/** A line's options as the shopper chose them ("Kleur: Zwart"), by order line id; the server names what its catalogue knows. */
export type OrderLineLabels = ReadonlyMap<number, readonly LineLabel[]>

/**
 * The mail's words for the order: every total the shopper saw (items, discount, shipping, gift
 * cards, total, and the VAT each rate holds), each line with its options, the date on the shop's
 * clock, the payment method's name. The rows add up: items + discount + shipping − gift cards =
 * total (tests/integration/order-mail-sums.test.ts reads them back).
 */
export function orderMailContent(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  paid: boolean,
  labels: OrderLineLabels = new Map(),
  shop: ShopDetails = DEFAULT_SHOP_DETAILS,
): OrderMailContent {
  const store = storeOf(order.store_code)
  const words = wordsFor(store)
  const m = words.orderMail
  const money = (amount: number) => formatPrice(toCents(amount), STORE_VIEWS[store].i18n)
  const totals = order.totals as Partial<Pick<Totals, 'subtotal_incl_tax' | 'shipping_incl_tax' | 'discount_amount' | 'coupon_code' | 'total_segments'>>
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0))
  const billing = order.billing_address
  const name = [billing.firstname, billing.lastname].filter((x) => typeof x === 'string').join(' ')
  const row = (label: string, value: string) => words.microcart.optionLine({ label, value })

  const lineTexts = lines.map((l) => [
    m.line({ qty: l.qty, name: l.name, amount: money(l.row_total_incl_tax) }),
    ...(labels.get(l.id) ?? []).map((label) => `  ${row(label.label, label.value)}`),
  ])
  const discount = num(totals.discount_amount)
  const shippingAmount = num(totals.shipping_incl_tax)
  const cards = giftCardSharesOf({ total_segments: totals.total_segments ?? [] })
  const vat = (totals.total_segments?.find((s) => s.code === 'tax')?.extension_attributes?.tax_grandtotal_details ?? []) as {
    amount: number
    rates: { percent: string }[]
  }[]
  const totalRows: string[] = [
    row(words.cart.subtotal(), money(num(totals.subtotal_incl_tax))),
    ...(discount !== 0 ? [row(totals.coupon_code ? words.cart.discount({ code: totals.coupon_code }) : words.checkout.discount(), money(discount))] : []),
    // a virtual order ships nothing: no shipping line
    ...(order.shipping_carrier_code ? [row(words.cart.shipping(), shippingAmount === 0 ? words.checkout.free() : money(shippingAmount))] : []),
    ...cards.map((card) => row(words.cart.giftCardLine({ code: card.code }), money(-card.cents / 100))),
    row(words.cart.grandTotal(), money(order.grand_total)),
    ...vat.filter((d) => d.amount !== 0).map((d) => m.vatIncluded({ percent: d.rates[0]?.percent ?? '', amount: money(d.amount) })),
  ]
  const locale = STORE_VIEWS[store].i18n.defaultLocale
  const shipping = addressLines(order.shipping_address, locale)
  const billingLines = addressLines(billing, locale)
  const intro = paid ? m.paidThanks() : m.thanks()
  const date = formatDate(new Date(order.created_at), STORE_VIEWS[store].i18n.dateFormat, SHOP_TIME_ZONE)
  const method = m.paymentMethod({ method: methodName(words, order.payment_method_code) })
  // the shop's VAT decision: a reverse charge names both VAT ids and the note of the shop's law; a
  // number that did not take the VAT off says why
  const decision = (order.totals as { vat_decision?: OrderVatDecision }).vat_decision
  const vatLines =
    decision?.kind === 'reverse-charge'
      ? [
          shop.vat.shopCountry === 'BE' ? m.reverseChargeBE() : m.reverseChargeNL(),
          m.customerVatId({ id: decision.customer_vat_id ?? '' }),
          m.shopVatId({ id: decision.shop_vat_id ?? shop.vat.shopVatId }),
        ]
      : decision?.reason === 'registry-not-confirmed'
        ? [m.vatNotConfirmed()]
        : decision?.reason === 'invalid-vat-number' && typeof billing.vat_id === 'string' && billing.vat_id.trim() !== ''
          ? [m.vatNumberInvalid()]
          : []
  // what to transfer, and where to (the order number is the reference); nothing for a paid order
  const transfer =
    order.payment_method_code === 'banktransfer' && !paid && order.grand_total > 0
      ? [
          words.order.bankTransfer({ amount: money(order.grand_total) }),
          words.statusPages.bankBeneficiary({ name: shop.bank.beneficiary }),
          words.statusPages.bankIban({ iban: shop.bank.iban }),
          words.statusPages.bankBic({ bic: shop.bank.bic }),
          words.statusPages.bankReference({ reference: order.increment_id }),
        ]
      : []
  // picked up: the shop's pickup point and its hours, never a delivery address
  const pickup =
    order.shipping_carrier_code === 'storepickup'
      ? [
          words.order.pickupAt(),
          shop.pickup.name,
          shop.pickup.street,
          `${shop.pickup.postcode} ${shop.pickup.city}`,
          new Intl.DisplayNames([locale], { type: 'region' }).of(shop.pickup.country) ?? shop.pickup.country,
          words.order.pickupHours(),
          ...shop.pickup.hours.map((h) => openingHoursText(h, locale)),
        ]
      : []

  const text = [
    m.greeting({ name }),
    '',
    intro,
    '',
    m.orderNumber({ orderNumber: order.increment_id }),
    m.orderDate({ date }),
    '',
    m.lines(),
    ...lineTexts.flatMap(([first, ...options]) => [`- ${first}`, ...options]),
    '',
    ...totalRows,
    ...(vatLines.length ? ['', ...vatLines] : []),
    '',
    method,
    ...(transfer.length ? ['', ...transfer] : []),
    ...(pickup.length ? ['', ...pickup] : shipping.length ? ['', m.shippingAddress(), ...shipping] : []),
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
${lineTexts.map(([first, ...options]) => `<li>${e(first!)}${options.map((o) => `<br>${e(o.trim())}`).join('')}</li>`).join('\n')}
</ul>
<table>
${totalRows.map((r) => `<tr><td>${e(r)}</td></tr>`).join('\n')}
</table>
<p>${e(method)}</p>
${vatLines.length ? `<p>${vatLines.map(e).join('<br>')}</p>` : ''}
${transfer.length ? `<p>${transfer.map(e).join('<br>')}</p>` : ''}
${pickup.length ? `<h2>${e(pickup[0]!)}</h2>\n<p>${pickup.slice(1).map(e).join('<br>')}</p>` : shipping.length ? `<h2>${e(m.shippingAddress())}</h2>\n<p>${shipping.map(e).join('<br>')}</p>` : ''}
<h2>${e(m.billingAddress())}</h2>
<p>${billingLines.map(e).join('<br>')}</p>
<p>${e(m.closing())}<br>${e(words.shopName())}</p>
</body></html>
`
  return { subject: m.subject({ orderNumber: order.increment_id }), text, html }
}

/**
 * The shop's own alert of a payment that settled for an order that no longer waited for it (it was
 * cancelled and its stock given back, or another attempt paid it): in English, for the shop's staff.
 */
export function latePaymentMailContent(order: OrderRow, paymentId: string): { subject: string; text: string; html: string } {
  const paragraphs = [
    `Payment ${paymentId} for order ${order.increment_id} (${order.grand_total.toFixed(2)} EUR, ${order.email}) settled while the order is ${order.status}.`,
    order.status === 'canceled'
      ? 'Its stock and gift cards were given back when it was cancelled: refund the payment at the provider, or reinstate the order by hand.'
      : 'The order was paid already: refund this second payment at the provider.',
  ]
  return {
    subject: `Payment received for ${order.status} order ${order.increment_id}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  }
}

/** The shopper's mail when an order nobody paid in time was cancelled and its stock given back, in the store view's language. */
export function unpaidCancelledMailContent(order: OrderRow): OrderMailContent {
  const store = storeOf(order.store_code)
  const words = wordsFor(store)
  const m = words.orderMail
  const billing = order.billing_address
  const name = [billing.firstname, billing.lastname].filter((x) => typeof x === 'string').join(' ')
  const subject = m.unpaidSubject({ orderNumber: order.increment_id })
  const paragraphs = [m.greeting({ name }), m.unpaidText(), m.orderNumber({ orderNumber: order.increment_id })]
  const e = escapeHtml
  const text = [...paragraphs, `${m.closing()}\n${words.shopName()}`].join('\n\n')
  const html = `<!doctype html>
<html lang="${e(STORE_VIEWS[store].htmlLang)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body>
${paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p>${e(m.closing())}<br>${e(words.shopName())}</p>
</body></html>
`
  return { subject, text, html }
}
