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
import { SHOP_TIME_ZONE, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { NOT_RETURNABLE_TYPES } from '../../domain/returns'
import type { OrderVatDecision } from '../../domain/vat-rule'
import { escapeHtml, methodName, wordsFor, type ShopWords } from '../payments/payment-words'
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

type OrderTotals = Partial<Pick<Totals, 'subtotal_incl_tax' | 'shipping_incl_tax' | 'discount_amount' | 'coupon_code' | 'total_segments'>>
type Money = (amount: number) => string

const asNumber = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0))

/** "Label: value" as the cart shows a line's option, used for every row of the mail's totals. */
const rowOf = (words: ShopWords) => (label: string, value: string) => words.microcart.optionLine({ label, value })

/**
 * Every total the shopper saw, in the checkout's order: items, discount, shipping (none for a virtual
 * order, which ships nothing), gift cards, total, and the VAT each rate holds.
 */
function totalRows(order: OrderRow, words: ShopWords, money: Money): string[] {
  const totals = order.totals as OrderTotals
  const row = rowOf(words)
  const discount = asNumber(totals.discount_amount)
  const shippingAmount = asNumber(totals.shipping_incl_tax)
  const cards = giftCardSharesOf({ total_segments: totals.total_segments ?? [] })
  const vat = (totals.total_segments?.find((s) => s.code === 'tax')?.extension_attributes?.tax_grandtotal_details ?? []) as {
    amount: number
    rates: { percent: string }[]
  }[]
  const discountLabel = totals.coupon_code ? words.cart.discount({ code: totals.coupon_code }) : words.checkout.discount()
  return [
    row(words.cart.subtotal(), money(asNumber(totals.subtotal_incl_tax))),
    ...(discount !== 0 ? [row(discountLabel, money(discount))] : []),
    ...(order.shipping_carrier_code ? [row(words.cart.shipping(), shippingAmount === 0 ? words.checkout.free() : money(shippingAmount))] : []),
    ...cards.map((card) => row(words.cart.giftCardLine({ code: card.code }), money(-card.cents / 100))),
    row(words.cart.grandTotal(), money(order.grand_total)),
    ...vat.filter((d) => d.amount !== 0).map((d) => words.orderMail.vatIncluded({ percent: d.rates[0]?.percent ?? '', amount: money(d.amount) })),
  ]
}

/**
 * The shop's VAT decision: a reverse charge names both VAT ids and the note of the shop's law; a
 * number that did not take the VAT off says why.
 */
function vatDecisionLines(order: OrderRow, words: ShopWords, shop: ShopDetails): string[] {
  const m = words.orderMail
  const decision = (order.totals as { vat_decision?: OrderVatDecision }).vat_decision
  if (decision?.kind === 'reverse-charge') {
    return [
      shop.vat.shopCountry === 'BE' ? m.reverseChargeBE() : m.reverseChargeNL(),
      m.customerVatId({ id: decision.customer_vat_id ?? '' }),
      m.shopVatId({ id: decision.shop_vat_id ?? shop.vat.shopVatId }),
    ]
  }
  if (decision?.reason === 'registry-not-confirmed') return [m.vatNotConfirmed()]
  const vatId = order.billing_address.vat_id
  if (decision?.reason === 'invalid-vat-number' && typeof vatId === 'string' && vatId.trim() !== '') return [m.vatNumberInvalid()]
  return []
}

/** What to transfer, and where to (the order number is the reference); nothing for a paid order. */
function bankTransferLines(order: OrderRow, paid: boolean, words: ShopWords, money: Money, shop: ShopDetails): string[] {
  if (order.payment_method_code !== 'banktransfer' || paid || !(order.grand_total > 0)) return []
  return [
    words.order.bankTransfer({ amount: money(order.grand_total) }),
    words.statusPages.bankBeneficiary({ name: shop.bank.beneficiary }),
    words.statusPages.bankIban({ iban: shop.bank.iban }),
    words.statusPages.bankBic({ bic: shop.bank.bic }),
    words.statusPages.bankReference({ reference: order.increment_id }),
  ]
}

/** Picked up: the shop's pickup point and its hours, never a delivery address. */
function pickupLines(order: OrderRow, words: ShopWords, locale: string, shop: ShopDetails): string[] {
  if (order.shipping_carrier_code !== 'storepickup') return []
  return [
    words.order.pickupAt(),
    shop.pickup.name,
    shop.pickup.street,
    `${shop.pickup.postcode} ${shop.pickup.city}`,
    new Intl.DisplayNames([locale], { type: 'region' }).of(shop.pickup.country) ?? shop.pickup.country,
    words.order.pickupHours(),
    ...shop.pickup.hours.map((h) => openingHoursText(h, locale)),
  ]
}

/** Where the mail's returns line leads: the shop's address, and the withdrawal period in days. */
export interface ReturnsLink {
  shopOrigin: string
  days: number
}

/**
 * A guest's order is returned from the returns page with its number and key (the key is the guest's
 * alone, as their order page's); a customer's from their account, where they sign in.
 */
function returnsUrl(order: OrderRow, store: StoreCode, shopOrigin: string): string {
  if (order.customer_id === null && order.order_token) {
    const query = new URLSearchParams({ order: order.increment_id, token: order.order_token })
    return `${shopOrigin}/${store}/submit-return?${query.toString()}`
  }
  return `${shopOrigin}/${store}/my-account/orders`
}

/** What the mail says, worked out once; its plain text and its HTML print the same parts. */
interface OrderMailParts {
  words: ShopWords
  htmlLang: string
  orderNumber: string
  name: string
  intro: string
  date: string
  /** each line, then its options */
  lineTexts: string[][]
  totalRows: string[]
  vatLines: string[]
  method: string
  transfer: string[]
  pickup: string[]
  shipping: string[]
  billing: string[]
  /** where to send items back from, with the withdrawal period; null for an order with nothing to return */
  returns: string | null
}

function mailText(p: OrderMailParts): string {
  const m = p.words.orderMail
  // a pickup names the shop's point instead of a delivery address
  const delivery = p.pickup.length ? ['', ...p.pickup] : p.shipping.length ? ['', m.shippingAddress(), ...p.shipping] : []
  return [
    m.greeting({ name: p.name }),
    '',
    p.intro,
    '',
    m.orderNumber({ orderNumber: p.orderNumber }),
    m.orderDate({ date: p.date }),
    '',
    m.lines(),
    ...p.lineTexts.flatMap(([first, ...options]) => [`- ${first}`, ...options]),
    '',
    ...p.totalRows,
    ...(p.vatLines.length ? ['', ...p.vatLines] : []),
    '',
    p.method,
    ...(p.transfer.length ? ['', ...p.transfer] : []),
    ...delivery,
    '',
    m.billingAddress(),
    ...p.billing,
    ...(p.returns ? ['', p.returns] : []),
    '',
    m.closing(),
    p.words.shopName(),
    '',
  ].join('\n')
}

function mailHtml(p: OrderMailParts): string {
  const m = p.words.orderMail
  const e = escapeHtml
  const delivery = p.pickup.length
    ? `<h2>${e(p.pickup[0]!)}</h2>\n<p>${p.pickup.slice(1).map(e).join('<br>')}</p>`
    : p.shipping.length
      ? `<h2>${e(m.shippingAddress())}</h2>\n<p>${p.shipping.map(e).join('<br>')}</p>`
      : ''
  return `<!doctype html>
<html lang="${e(p.htmlLang)}"><head><meta charset="utf-8"><title>${e(m.subject({ orderNumber: p.orderNumber }))}</title></head>
<body>
<p>${e(m.greeting({ name: p.name }))}</p>
<p>${e(p.intro)}</p>
<p><strong>${e(m.orderNumber({ orderNumber: p.orderNumber }))}</strong><br>${e(m.orderDate({ date: p.date }))}</p>
<h2>${e(m.lines())}</h2>
<ul>
${p.lineTexts.map(([first, ...options]) => `<li>${e(first!)}${options.map((o) => `<br>${e(o.trim())}`).join('')}</li>`).join('\n')}
</ul>
<table>
${p.totalRows.map((r) => `<tr><td>${e(r)}</td></tr>`).join('\n')}
</table>
<p>${e(p.method)}</p>
${p.vatLines.length ? `<p>${p.vatLines.map(e).join('<br>')}</p>` : ''}
${p.transfer.length ? `<p>${p.transfer.map(e).join('<br>')}</p>` : ''}
${delivery}
<h2>${e(m.billingAddress())}</h2>
<p>${p.billing.map(e).join('<br>')}</p>
${p.returns ? `<p>${e(p.returns)}</p>` : ''}
<p>${e(m.closing())}<br>${e(p.words.shopName())}</p>
</body></html>
`
}

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
  returns?: ReturnsLink,
): OrderMailContent {
  const store = storeOf(order.store_code)
  const view = STORE_VIEWS[store]
  const words = wordsFor(store)
  const m = words.orderMail
  const money: Money = (amount) => formatPrice(toCents(amount), view.i18n)
  const row = rowOf(words)
  const billing = order.billing_address
  const locale = view.i18n.defaultLocale
  const parts: OrderMailParts = {
    words,
    htmlLang: view.htmlLang,
    orderNumber: order.increment_id,
    name: [billing.firstname, billing.lastname].filter((x) => typeof x === 'string').join(' '),
    intro: paid ? m.paidThanks() : m.thanks(),
    date: formatDate(new Date(order.created_at), view.i18n.dateFormat, SHOP_TIME_ZONE),
    lineTexts: lines.map((l) => [
      m.line({ qty: l.qty, name: l.name, amount: money(l.row_total_incl_tax) }),
      ...(labels.get(l.id) ?? []).map((label) => `  ${row(label.label, label.value)}`),
    ]),
    totalRows: totalRows(order, words, money),
    vatLines: vatDecisionLines(order, words, shop),
    method: m.paymentMethod({ method: methodName(words, order.payment_method_code) }),
    transfer: bankTransferLines(order, paid, words, money, shop),
    pickup: pickupLines(order, words, locale, shop),
    shipping: addressLines(order.shipping_address, locale),
    billing: addressLines(billing, locale),
    returns:
      returns && lines.some((l) => !NOT_RETURNABLE_TYPES.includes(l.product_type))
        ? m.returnsLink({ days: returns.days, link: returnsUrl(order, store, returns.shopOrigin) })
        : null,
  }
  return { subject: m.subject({ orderNumber: order.increment_id }), text: mailText(parts), html: mailHtml(parts) }
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
