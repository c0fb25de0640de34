import { describe, expect, it } from 'vitest'
import type { ProductOption, Totals } from '../../domain/cart.schema'
import { computeTotals, DEFAULT_SHIPPING, isVirtualLines, linePrice, rowDiscounts, sellsIn, type LineProduct, type TotalsLine } from '../../domain/cart-totals'
import type { Coupon } from '../../domain/coupon.schema'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { TaxClass } from '../../domain/tax-rule.schema'
import { shippingChargeOf } from '../../domain/shipping-methods'
import { ENGRAVING, GIFT_WRAP, TAX_RULES as rules, testProduct } from '../fixtures/catalog'

const product = testProduct
const flat = shippingChargeOf('flatrate', 'flatrate')

let nextId = 1
function line(sold: Product | null, qty: number, option: ProductOption | null = null, child: ConfigurableChild | null = null): TotalsLine {
  const sells: LineProduct | null = sold ? { product: sold, child } : null
  return { item_id: nextId++, name: sells ? (child ?? sells.product).name : 'Gone', qty, option, sells }
}

const taxDetails = (t: Totals) => t.total_segments.find((s) => s.code === 'tax')!.extension_attributes!.tax_grandtotal_details
const segment = (t: Totals, code: string) => t.total_segments.find((s) => s.code === code)

/** What every answer must satisfy: rows add up to the totals, and the tax buckets to the tax. */
function expectConsistent(t: Totals) {
  const cents = (n: number) => Math.round(n * 100)
  expect(cents(t.subtotal)).toBe(t.items.reduce((a, i) => a + cents(i.row_total), 0))
  expect(cents(t.subtotal_incl_tax)).toBe(t.items.reduce((a, i) => a + cents(i.row_total_incl_tax), 0))
  expect(cents(t.tax_amount)).toBe(t.items.reduce((a, i) => a + cents(i.tax_amount), 0) + cents(t.shipping_tax_amount))
  expect(cents(t.shipping_incl_tax)).toBe(cents(t.shipping_amount) + cents(t.shipping_tax_amount))
  expect(cents(t.grand_total)).toBe(cents(t.subtotal_incl_tax) + cents(t.shipping_incl_tax))
  expect(cents(t.tax_amount)).toBe((taxDetails(t) as { amount: number }[]).reduce((a, d) => a + cents(d.amount), 0))
}

const tee = product('TEE', { price: 20, final_price_incl_tax: 24.2 })
const wafel = product('WAFEL', { price: 5, final_price_incl_tax: 5.45, tax_class_id: TaxClass.Reduced })
const sock = product('SOCK', { price: 10, final_price_incl_tax: 12.1 })
const untaxed = product('POSTER', { price: 3, final_price_incl_tax: 3, tax_class_id: 0 })

describe('computeTotals: tax buckets per rate', () => {
  it('puts each line in its rate’s bucket, highest rate first, and leaves out the empty 0 % bucket', () => {
    const t = computeTotals([line(tee, 2), line(wafel, 3), line(sock, 1), line(untaxed, 1)], rules, 'NL', DEFAULT_SHIPPING)
    expect(t.items.map((i) => [i.row_total, i.row_total_incl_tax, i.tax_amount, i.tax_percent])).toEqual([
      [40, 48.4, 8.4, 21],
      [15, 16.35, 1.35, 9],
      [10, 12.1, 2.1, 21],
      [3, 3, 0, 0],
    ])
    expect(taxDetails(t)).toEqual([
      { amount: 10.5, rates: [{ percent: '21', title: 'NL-21' }], group_id: 1 },
      { amount: 1.35, rates: [{ percent: '9', title: 'NL-9' }], group_id: 2 },
    ])
    expect(t).toMatchObject({ subtotal: 68, subtotal_incl_tax: 79.85, tax_amount: 11.85, grand_total: 79.85, items_qty: 7 })
    expectConsistent(t)
  })

  it('takes the rate and its title from the destination country', () => {
    const wafelBe = { ...wafel, final_price_incl_tax: 5.3 }
    const t = computeTotals([line(wafelBe, 1)], rules, 'BE', DEFAULT_SHIPPING)
    expect(t.items[0]).toMatchObject({ tax_percent: 6, tax_amount: 0.3 })
    expect(taxDetails(t)).toEqual([{ amount: 0.3, rates: [{ percent: '6', title: 'BE-6' }], group_id: 1 }])
  })
})

describe('computeTotals: shipping', () => {
  it('charges store pickup (0.00) by default', () => {
    expect(DEFAULT_SHIPPING).toEqual({ amount: 0, title: 'Shipping & Handling (Store pickup)' })
    const t = computeTotals([line(tee, 1)], rules, 'NL', DEFAULT_SHIPPING)
    expect(t).toMatchObject({ shipping_amount: 0, shipping_incl_tax: 0, grand_total: 24.2 })
  })

  it('adds the charged shipping to the grand total, with the VAT of the goods it ships', () => {
    const t = computeTotals([line(tee, 1)], rules, 'NL', flat)
    expect(t).toMatchObject({
      shipping_amount: 4.95,
      shipping_incl_tax: 5.99,
      shipping_tax_amount: 1.04,
      tax_amount: 5.24,
      grand_total: 30.19,
      base_grand_total: 30.19,
    })
    expect(segment(t, 'shipping')).toEqual({ code: 'shipping', title: 'Shipping & Handling (Flat rate)', value: 5.99 })
    expect(segment(t, 'grand_total')).toEqual({ code: 'grand_total', title: 'Grand Total', value: 30.19, area: 'footer' })
    expectConsistent(t)
  })
})

describe('computeTotals: empty cart', () => {
  it('is all zeros, with no items and no tax buckets', () => {
    const t = computeTotals([], rules, 'NL', DEFAULT_SHIPPING)
    expect(t).toMatchObject({
      grand_total: 0,
      subtotal: 0,
      subtotal_incl_tax: 0,
      tax_amount: 0,
      discount_amount: 0,
      items_qty: 0,
      items: [],
      weee_tax_applied_amount: null,
      base_currency_code: 'EUR',
      quote_currency_code: 'EUR',
    })
    expect(t.total_segments.map((s) => [s.code, s.value])).toEqual([
      ['subtotal', 0],
      ['shipping', 0],
      ['tax', 0],
      ['grand_total', 0],
    ])
    expect(taxDetails(t)).toEqual([])
  })
})

describe('computeTotals: rounding', () => {
  it('rounds half a cent away from zero, negative amounts too (−0.005 → −0.01, not −0)', () => {
    // a catalogue price that turned negative after the line was added, sold by half units
    const credit = product('CREDIT', {
      price: -0.01,
      final_price_incl_tax: -0.01,
      tax_class_id: 0,
      stock: { qty: 5, is_in_stock: true, manage_stock: true, is_qty_decimal: true },
    })
    const t = computeTotals([line(credit, 0.5)], rules, 'NL', DEFAULT_SHIPPING)
    expect(t.items[0]).toMatchObject({ row_total: -0.01, row_total_incl_tax: -0.01, tax_amount: 0 })
    expect(t).toMatchObject({ subtotal: -0.01, grand_total: -0.01 })
    const twin = computeTotals([line({ ...credit, price: 0.01, final_price_incl_tax: 0.01 }, 0.5)], rules, 'NL', DEFAULT_SHIPPING)
    expect(twin.items[0]).toMatchObject({ row_total: 0.01, row_total_incl_tax: 0.01 })
  })

  it('sums rows to cents: 0.10 + 0.20 is 0.3, never 0.30000000000000004', () => {
    const t = computeTotals(
      [
        line(product('A', { price: 0.1, final_price_incl_tax: 0.1, tax_class_id: 0 }), 1),
        line(product('B', { price: 0.2, final_price_incl_tax: 0.2, tax_class_id: 0 }), 1),
      ],
      rules,
      'NL',
      DEFAULT_SHIPPING,
    )
    expect(t).toMatchObject({ subtotal: 0.3, subtotal_incl_tax: 0.3, grand_total: 0.3 })
  })
})

describe('computeTotals: qty decimals', () => {
  const tea = product('LOOSE-TEA', {
    price: 10,
    final_price_incl_tax: 10.9,
    tax_class_id: TaxClass.Reduced,
    stock: { qty: 25.5, is_in_stock: true, manage_stock: true, is_qty_decimal: true },
  })

  it('prices a decimal qty per row and keeps items_qty to the qty’s decimals', () => {
    const t = computeTotals([line(tea, 0.1), line(tea, 0.2), line(tea, 1.255)], rules, 'NL', DEFAULT_SHIPPING)
    expect(t.items.map((i) => [i.qty, i.row_total, i.row_total_incl_tax, i.tax_amount])).toEqual([
      [0.1, 1, 1.09, 0.09],
      [0.2, 2, 2.18, 0.18],
      // 12.55 excl.; 13.6795 incl. → 13.68
      [1.255, 12.55, 13.68, 1.13],
    ])
    expect(t.items_qty).toBe(1.555)
    expectConsistent(t)
  })
})

describe('computeTotals: lines with options', () => {
  const mug = product('MUG', { custom_options: [GIFT_WRAP, ENGRAVING] })
  const engraved: ProductOption = {
    extension_attributes: {
      custom_options: [
        { option_id: '7', option_value: '72' },
        { option_id: '8', option_value: 'Anna' },
      ],
    },
  }

  it('prices custom options with the tax rule’s rate and labels them', () => {
    const t = computeTotals([line(mug, 1, engraved)], rules, 'NL', DEFAULT_SHIPPING)
    // 10 + 10 % of 10 + 5 = 16 excl.; + 21 % = 19.36
    expect(t.items[0]).toMatchObject({ price: 16, price_incl_tax: 19.36, tax_amount: 3.36, tax_percent: 21 })
    expect(JSON.parse(t.items[0]!.options)).toEqual([
      { label: 'Gift wrap', value: 'Box' },
      { label: 'Engraving', value: 'Anna' },
    ])
    // the same mug in the reduced class in BE: the rule's 6 %, not a rate the product's prices imply
    const reduced = computeTotals([line({ ...mug, tax_class_id: TaxClass.Reduced }, 1, engraved)], rules, 'BE', DEFAULT_SHIPPING)
    expect(reduced.items[0]).toMatchObject({ price: 16, price_incl_tax: 16.96, tax_percent: 6 })
  })

  it('prices a bundle from its selections × qty and a gift card at its amount, without labels the server cannot name', () => {
    const box = product('BOX', {
      type_id: 'bundle',
      price: 13,
      bundle_options: [
        { option_id: 1, title: 'Treat', type: 'radio', required: true, product_links: [{ id: 2, sku: 'SOCK-1', qty: 1, is_default: true, price: 9 }] },
        { option_id: 2, title: 'Socks', type: 'checkbox', required: false, product_links: [{ id: 3, sku: 'SOCK-0', qty: 1, is_default: true, price: 8 }] },
      ],
    })
    const gift = product('GIFT', { type_id: 'giftcard', price: 25, tax_class_id: 0, giftcard_amounts: [25, 50], giftcard_allow_open_amount: true })
    const t = computeTotals(
      [
        line(box, 2, {
          extension_attributes: {
            bundle_options: [
              { option_id: '1', option_qty: 2, option_selections: [2] },
              { option_id: '2', option_qty: 1, option_selections: [3] },
            ],
          },
        }),
        line(gift, 1, { extension_attributes: { mageworx_giftcard_item_option: { card_amount_other: 42, mail_to: 'Ann' } } }),
      ],
      rules,
      'NL',
      DEFAULT_SHIPPING,
    )
    expect(t.items.map((i) => [i.price, i.price_incl_tax, i.row_total_incl_tax, i.tax_amount, i.options])).toEqual([
      [26, 31.46, 62.92, 10.92, '[]'],
      [42, 42, 42, 0, '[]'],
    ])
    expect(t.grand_total).toBe(104.92)
    expectConsistent(t)
  })

  it('prices a configurable line by its child and labels the child’s choice', () => {
    const blue: ConfigurableChild = {
      id: 11,
      sku: 'TEE-BLUE-M',
      name: 'Tee Blue M',
      status: 1,
      stock: { qty: 5, is_in_stock: true, manage_stock: true },
      price: 17,
      final_price_incl_tax: 20.57,
      tax_class_id: TaxClass.Standard,
      color: 50,
      size: 168,
    }
    const configurable = product('TEE', {
      type_id: 'configurable',
      price: 20,
      final_price_incl_tax: 24.2,
      configurable_options: [
        { attribute_id: 93, attribute_code: 'color', label: 'Color', values: [{ value_index: 50, label: 'Blue' }] },
        { attribute_id: 144, attribute_code: 'size', label: 'Size', values: [{ value_index: 168, label: 'M' }] },
      ],
      configurable_children: [blue],
    })
    const t = computeTotals([line(configurable, 1, null, blue)], rules, 'NL', DEFAULT_SHIPPING)
    expect(t.items[0]).toMatchObject({ name: 'Tee Blue M', price: 17, price_incl_tax: 20.57, tax_amount: 3.57 })
    expect(JSON.parse(t.items[0]!.options)).toEqual([
      { label: 'Color', value: 'Blue' },
      { label: 'Size', value: 'M' },
    ])
  })

  it('counts a line the catalogue no longer has at 0, without labels', () => {
    const t = computeTotals([line(null, 2), line(tee, 1)], rules, 'NL', DEFAULT_SHIPPING)
    expect(t.items[0]).toMatchObject({ name: 'Gone', qty: 2, price: 0, price_incl_tax: 0, row_total_incl_tax: 0, tax_amount: 0, tax_percent: 0, options: '[]' })
    expect(t).toMatchObject({ grand_total: 24.2, items_qty: 3 })
  })
})

describe('linePrice', () => {
  it('sells a plain product at its final price, a configurable line at its child’s', () => {
    const special = product('S', { price: 10, final_price: 8, final_price_incl_tax: 9.68 })
    expect(linePrice({ product: special, child: null }, null)).toEqual({ excl: 8, incl: 9.68 })
    // no incl.-tax price: the price stands for both
    expect(linePrice({ product: product('P', { price: 4 }), child: null }, null)).toEqual({ excl: 4, incl: 4 })
  })

  it('prices options with the rate given, else the rate the product’s prices imply', () => {
    const mug = product('MUG', {
      price: 10,
      final_price_incl_tax: 12.1,
      custom_options: [{ option_id: 8, title: 'Engraving', type: 'field', is_require: false, price: 5, price_type: 'fixed' }],
    })
    const option: ProductOption = { extension_attributes: { custom_options: [{ option_id: '8', option_value: 'Bo' }] } }
    expect(linePrice({ product: mug, child: null }, option)).toEqual({ excl: 15, incl: 18.15 })
    expect(linePrice({ product: mug, child: null }, option, 9)).toEqual({ excl: 15, incl: 16.35 })
  })
})

describe('computeTotals: coupons', () => {
  const coupon = (kind: Coupon['kind'], amount: number, code = 'TEST'): Coupon => ({ code, kind, amount, from_date: null, to_date: null, is_active: true })
  /** with a coupon: the grand total is the rows incl. tax, plus shipping, plus the (negative) discount */
  function expectDiscountConsistent(t: Totals) {
    const cents = (n: number) => Math.round(n * 100)
    expect(cents(t.grand_total)).toBe(cents(t.subtotal_incl_tax) + cents(t.shipping_incl_tax) + cents(t.discount_amount))
    expect(cents(t.tax_amount)).toBe(t.items.reduce((a, i) => a + cents(i.tax_amount), 0))
    expect(cents(t.tax_amount)).toBe((taxDetails(t) as { amount: number }[]).reduce((a, d) => a + cents(d.amount), 0))
    expect(cents(-t.discount_amount)).toBe(t.items.reduce((a, i) => a + cents(i.discount_amount), 0) + cents(t.shipping_discount_amount))
    expect(segment(t, 'discount')?.value).toBe(t.discount_amount)
    expect(segment(t, 'grand_total')?.value).toBe(t.grand_total)
  }

  it('takes a percentage off every row incl. tax, and the VAT is what the discounted row still holds', () => {
    const t = computeTotals([line(tee, 2), line(wafel, 3)], rules, 'NL', DEFAULT_SHIPPING, coupon('percent', 10, 'POLDER10'))
    expect(t.items.map((i) => [i.discount_amount, i.discount_percent, i.row_total_with_discount, i.tax_amount])).toEqual([
      // 48.40 − 4.84 = 43.56 incl.; 43.56 × 40 / 48.40 = 36.00 excl.
      [4.84, 10, 36, 7.56],
      // 16.35 − 1.64 (1.635 rounded half up) = 14.71 incl.; × 15 / 16.35 = 13.50 excl.
      [1.64, 10, 13.5, 1.21],
    ])
    expect(t).toMatchObject({
      coupon_code: 'POLDER10',
      subtotal: 55,
      subtotal_incl_tax: 64.75,
      subtotal_with_discount: 49.5,
      discount_amount: -6.48,
      base_discount_amount: -6.48,
      tax_amount: 8.77,
      grand_total: 58.27,
    })
    expect(segment(t, 'discount')).toEqual({ code: 'discount', title: 'Discount (POLDER10)', value: -6.48 })
    expect(t.total_segments.map((s) => s.code)).toEqual(['subtotal', 'shipping', 'discount', 'tax', 'grand_total'])
    expectDiscountConsistent(t)
  })

  it('shares a fixed amount over the rows by their totals, the last row taking the rounding remainder', () => {
    const t = computeTotals([line(tee, 1), line(wafel, 1)], rules, 'NL', DEFAULT_SHIPPING, coupon('fixed', 5, 'WELKOM5'))
    // 5.00 × 24.20 / 29.65 = 4.08; the rest, 0.92, on the last row
    expect(t.items.map((i) => [i.discount_amount, i.discount_percent])).toEqual([
      [4.08, 0],
      [0.92, 0],
    ])
    expect(t).toMatchObject({ coupon_code: 'WELKOM5', discount_amount: -5, subtotal_incl_tax: 29.65, grand_total: 24.65 })
    expectDiscountConsistent(t)
  })

  it('caps a fixed amount at what the rows cost: never a negative grand total, shipping still charged', () => {
    const t = computeTotals([line(untaxed, 1)], rules, 'NL', flat, coupon('fixed', 5, 'WELKOM5'))
    expect(t.items[0]).toMatchObject({ discount_amount: 3, row_total_with_discount: 0, tax_amount: 0 })
    // the goods are untaxed, and so is their shipping
    expect(t).toMatchObject({ discount_amount: -3, shipping_amount: 5.99, shipping_tax_amount: 0, shipping_incl_tax: 5.99, grand_total: 5.99 })
    expectDiscountConsistent(t)
  })

  it('makes the chosen shipping free with a free-shipping coupon, the rows untouched', () => {
    const t = computeTotals([line(tee, 1)], rules, 'NL', flat, coupon('free_shipping', 0, 'GRATISVERZENDING'))
    expect(t.items[0]).toMatchObject({ discount_amount: 0, tax_amount: 4.2, row_total_with_discount: 20 })
    expect(t).toMatchObject({
      coupon_code: 'GRATISVERZENDING',
      shipping_amount: 4.95,
      shipping_incl_tax: 5.99,
      shipping_discount_amount: 5.99,
      // the price is taken off with its VAT: no VAT on shipping is owed
      shipping_tax_amount: 0,
      tax_amount: 4.2,
      discount_amount: -5.99,
      grand_total: 24.2,
    })
    expectDiscountConsistent(t)
    // with store pickup there is nothing to make free
    const pickup = computeTotals([line(tee, 1)], rules, 'NL', DEFAULT_SHIPPING, coupon('free_shipping', 0))
    expect(pickup).toMatchObject({ shipping_discount_amount: 0, discount_amount: 0, grand_total: 24.2 })
  })

  it('takes nothing off a gift card bought: a percentage leaves its row whole, a fixed amount goes to the goods only', () => {
    const card = product('CARD', { type_id: 'giftcard', price: 50, final_price_incl_tax: 50, tax_class_id: 0, mageworx_gc_type: 1 })
    const percent = computeTotals([line(tee, 1), line(card, 1)], rules, 'NL', DEFAULT_SHIPPING, coupon('percent', 10, 'POLDER10'))
    expect(percent.items.map((i) => i.discount_amount)).toEqual([2.42, 0])
    expect(percent).toMatchObject({ discount_amount: -2.42, grand_total: 71.78 })
    const fixed = computeTotals([line(tee, 1), line(card, 2)], rules, 'NL', DEFAULT_SHIPPING, coupon('fixed', 5, 'WELKOM5'))
    expect(fixed.items.map((i) => i.discount_amount)).toEqual([5, 0])
    expect(fixed.grand_total).toBe(119.2)
    // a cart of gift cards alone gets no discount at all
    const cardsOnly = computeTotals([line(card, 1)], rules, 'NL', DEFAULT_SHIPPING, coupon('fixed', 5, 'WELKOM5'))
    expect(cardsOnly).toMatchObject({ discount_amount: 0, grand_total: 50 })
  })

  it('has no discount segment and no coupon_code without a coupon', () => {
    const t = computeTotals([line(tee, 1)], rules, 'NL', DEFAULT_SHIPPING)
    expect(t.coupon_code).toBeUndefined()
    expect(segment(t, 'discount')).toBeUndefined()
    expect(Object.is(t.discount_amount, 0)).toBe(true)
  })
})

describe('rowDiscounts', () => {
  it('gives rows at or below zero nothing and never more than the positive rows cost', () => {
    expect(rowDiscounts([1000, -200, 0, 500], { kind: 'fixed', amount: 30 })).toEqual([1000, 0, 0, 500])
    expect(rowDiscounts([1000, -200, 500], { kind: 'percent', amount: 10 })).toEqual([100, 0, 50])
    expect(rowDiscounts([1000], null)).toEqual([0])
    expect(rowDiscounts([1000], { kind: 'free_shipping', amount: 0 })).toEqual([0])
  })
})

describe('computeTotals: virtual cart', () => {
  const ebook = product('EBOOK', { type_id: 'virtual', price: 10, final_price_incl_tax: 10.9, tax_class_id: TaxClass.Reduced })
  const emailCard = product('CARD-MAIL', { type_id: 'giftcard', price: 25, final_price_incl_tax: 25, tax_class_id: 0, mageworx_gc_type: 1 })
  const plasticCard = product('CARD-PLASTIC', { type_id: 'giftcard', price: 25, final_price_incl_tax: 25, tax_class_id: 0, mageworx_gc_type: 3 })
  it('charges no shipping and has no shipping segment when nothing is shipped', () => {
    const lines = [line(ebook, 1), line(emailCard, 1)]
    expect(isVirtualLines(lines)).toBe(true)
    const t = computeTotals(lines, rules, 'NL', flat)
    expect(t).toMatchObject({ shipping_amount: 0, shipping_incl_tax: 0, grand_total: 35.9 })
    expect(segment(t, 'shipping')).toBeUndefined()
    expectConsistent(t)
  })

  it('ships a cart with a physical gift card, or with a line the catalogue no longer has', () => {
    expect(isVirtualLines([line(ebook, 1), line(plasticCard, 1)])).toBe(false)
    expect(isVirtualLines([line(ebook, 1), line(null, 1)])).toBe(false)
    expect(isVirtualLines([])).toBe(false)
    const t = computeTotals([line(ebook, 1), line(plasticCard, 1)], rules, 'NL', flat)
    // of the 5.99 the card (no VAT) takes 4.17, the e-book 1.82, with 0.15 VAT at 9 % in it
    expect(t).toMatchObject({ shipping_amount: 5.84, shipping_tax_amount: 0.15, shipping_incl_tax: 5.99, grand_total: 41.89 })
    expectConsistent(t)
  })
})

describe('sellsIn: another country’s VAT', () => {
  it('prices a line shipped to BE with BE’s rate, from the source price excl. tax', () => {
    const nlWafel = { product: wafel, child: null }
    const be = sellsIn(nlWafel, rules, 'BE', new Date('2026-06-15T12:00:00Z'))
    expect(linePrice(be, null)).toEqual({ excl: 5, incl: 5.3 })
    const t = computeTotals([{ ...line(wafel, 2), sells: be }], rules, 'BE', DEFAULT_SHIPPING)
    expect(t.items[0]).toMatchObject({ price_incl_tax: 5.3, row_total_incl_tax: 10.6, tax_amount: 0.6, tax_percent: 6 })
    expect(taxDetails(t)).toEqual([{ amount: 0.6, rates: [{ percent: '6', title: 'BE-6' }], group_id: 1 }])
    expectConsistent(t)
  })
})

describe('computeTotals: VAT on shipping follows the goods', () => {
  const book = product('BOOK', { price: 10, final_price_incl_tax: 10.9, tax_class_id: TaxClass.Reduced })

  it('puts the reduced rate in the shipping of goods at the reduced rate; the shopper pays the listed price', () => {
    const t = computeTotals([line(book, 1)], rules, 'NL', flat)
    expect(t).toMatchObject({ shipping_amount: 5.5, shipping_tax_amount: 0.49, shipping_incl_tax: 5.99, grand_total: 16.89 })
    expect(taxDetails(t)).toEqual([{ amount: 1.39, rates: [{ percent: '9', title: 'NL-9' }], group_id: 1 }])
    expectConsistent(t)
  })

  it('shares shipping among rates in proportion to what the goods cost, and puts each share in its bucket', () => {
    // a 24.20 tee (21 %) and a 10.90 book (9 %): the tee takes 4.13 of the 5.99 (0.72 VAT), the book 1.86 (0.15)
    const t = computeTotals([line(tee, 1), line(book, 1)], rules, 'NL', flat)
    expect(t).toMatchObject({ shipping_tax_amount: 0.87, shipping_amount: 5.12, shipping_incl_tax: 5.99 })
    expect(taxDetails(t)).toEqual([
      { amount: 4.92, rates: [{ percent: '21', title: 'NL-21' }], group_id: 1 },
      { amount: 1.05, rates: [{ percent: '9', title: 'NL-9' }], group_id: 2 },
    ])
    expectConsistent(t)
  })

  it('weighs the shares after the coupon', () => {
    const fixed: Coupon = { code: 'TIEN', kind: 'fixed', amount: 10, from_date: null, to_date: null, is_active: true }
    const t = computeTotals([line(tee, 1), line(book, 1)], rules, 'NL', flat, fixed)
    const teeCost = 2420 - Math.round(t.items[0]!.discount_amount * 100)
    const bookCost = 1090 - Math.round(t.items[1]!.discount_amount * 100)
    const teeShare = Math.round((599 * teeCost) / (teeCost + bookCost))
    expect(Math.round(t.shipping_tax_amount * 100)).toBe(Math.round((teeShare * 21) / 121) + Math.round(((599 - teeShare) * 9) / 109))
    expect(Math.round(t.grand_total * 100)).toBe(2420 + 1090 - 1000 + 599)
  })

  it('charges a reverse-charged order (every rate 0) shipping excl. VAT', () => {
    const t = computeTotals([line({ ...tee, final_price_incl_tax: 20 }, 1)], [], 'BE', shippingChargeOf('flatrate', 'flatrate', true))
    expect(t).toMatchObject({ tax_amount: 0, shipping_amount: 4.95, shipping_tax_amount: 0, shipping_incl_tax: 4.95, grand_total: 24.95 })
    expectConsistent(t)
  })
})
