import { describe, expect, it } from 'vitest'
import type { ProductOption } from '../../domain/cart.schema'
import { productOptionChecksum } from '../../domain/cart-item'
import {
  bundleTotal,
  chosenValueIds,
  customOptionsDelta,
  defaultBundleSelection,
  groupedTotalCents,
  hasPricedOptions,
  impliedTaxRate,
  isValidBundleQty,
  unitPrice,
  validateOptions,
} from '../../domain/option-price'
import type { Product } from '../../domain/product.schema'
import { BUNDLE_MUG, ENGRAVING, EXTRAS, GIFT_WRAP, testProduct } from '../fixtures/catalog'

const product = (fields: Partial<Product> = {}): Product =>
  testProduct('S', {
    name: 'Mug',
    url_key: 'mug',
    url_path: 'mug.html',
    slug: 'mug',
    final_price: 10,
    price_incl_tax: 12.1,
    final_price_incl_tax: 12.1,
    ...fields,
  })

// The gift wrap also carries a placeholder value (option_type_id 0), which is never a choice.
const placeholder = { option_type_id: 0, title: 'Placeholder', price: 99, price_type: 'fixed' } as const
const customOptions: Product['custom_options'] = [{ ...GIFT_WRAP, values: [...GIFT_WRAP.values!, placeholder] }, { ...ENGRAVING, max_characters: 10 }, EXTRAS]
const withCustom = product({ custom_options: customOptions })

const bundle = product({
  sku: 'B',
  type_id: 'bundle',
  price: 30,
  final_price: 30,
  price_incl_tax: 36.3,
  final_price_incl_tax: 36.3,
  bundle_options: [
    BUNDLE_MUG,
    {
      option_id: 2,
      title: 'Coffee',
      type: 'checkbox',
      required: false,
      product_links: [
        { id: 21, sku: 'C1', qty: 2, is_default: true, price: 10 },
        { id: 22, sku: 'C2', qty: 1, is_default: false, price: 6 },
      ],
    },
  ],
})

const giftcard = product({
  sku: 'G',
  type_id: 'giftcard',
  price: 25,
  final_price: 25,
  price_incl_tax: 25,
  final_price_incl_tax: 25,
  tax_class_id: 0,
  giftcard_amounts: [25, 50, 100],
  giftcard_allow_open_amount: true,
  mageworx_gc_type: 1,
  giftcard_open_amount_min: 10,
  giftcard_open_amount_max: 250,
})
const gcOption = (gc: NonNullable<ProductOption['extension_attributes']['mageworx_giftcard_item_option']>): ProductOption => ({
  extension_attributes: { mageworx_giftcard_item_option: gc },
})
const custom = (...pairs: [string, string][]): ProductOption => ({
  extension_attributes: { custom_options: pairs.map(([option_id, option_value]) => ({ option_id, option_value })) },
})

describe('custom option prices (spec §5)', () => {
  it('adds a fixed value price', () => {
    expect(customOptionsDelta(withCustom, [{ option_id: '7', option_value: '71' }])).toBe(2)
  })
  it('adds a percent of the final price, special price included', () => {
    expect(customOptionsDelta(withCustom, [{ option_id: '7', option_value: '72' }])).toBe(1)
    const onSale = { ...withCustom, final_price: 8 }
    expect(customOptionsDelta(onSale, [{ option_id: '7', option_value: '72' }])).toBe(0.8)
  })
  it('counts a value only when its option_type_id is above 0', () => {
    expect(customOptionsDelta(withCustom, [{ option_id: '7', option_value: '0' }])).toBe(0)
  })
  it('charges a text option only when something was typed', () => {
    expect(customOptionsDelta(withCustom, [{ option_id: '8', option_value: 'Anna' }])).toBe(5)
    expect(customOptionsDelta(withCustom, [{ option_id: '8', option_value: '   ' }])).toBe(0)
  })
  it('sums several checkbox values and ignores unknown options and values', () => {
    expect(customOptionsDelta(withCustom, [{ option_id: '9', option_value: '91,92' }])).toBe(2.5)
    expect(
      customOptionsDelta(withCustom, [
        { option_id: '99', option_value: '1' },
        { option_id: '9', option_value: '93' },
      ]),
    ).toBe(0)
  })
  it('splits chosen value ids', () => {
    expect(chosenValueIds('3, 5,')).toEqual([3, 5])
    expect(chosenValueIds('')).toEqual([])
  })
})

describe('bundle total', () => {
  it('is each chosen selection price × option qty', () => {
    const chosen = [
      { option_id: '1', option_qty: 1, option_selections: [12] },
      { option_id: '2', option_qty: 2, option_selections: [21, 22] },
    ]
    expect(bundleTotal(bundle, chosen)).toBe(14 + 2 * (10 + 6))
  })
  it('qty 0 adds nothing; negative and NaN qtys are refused', () => {
    expect(bundleTotal(bundle, [{ option_id: '1', option_qty: 0, option_selections: [11] }])).toBe(0)
    expect(
      bundleTotal(bundle, [
        { option_id: '1', option_qty: -1, option_selections: [11] },
        { option_id: '2', option_qty: 1, option_selections: [22] },
      ]),
    ).toBe(6)
    expect(bundleTotal(bundle, [{ option_id: '1', option_qty: Number.NaN, option_selections: [11] }])).toBe(0)
    expect(isValidBundleQty('2')).toBe(true)
    expect(isValidBundleQty('')).toBe(false)
    expect(isValidBundleQty(-0.5)).toBe(false)
    expect(isValidBundleQty(Infinity)).toBe(false)
  })
  it('ignores unknown options and selections', () => {
    expect(
      bundleTotal(bundle, [
        { option_id: '5', option_qty: 1, option_selections: [11] },
        { option_id: '1', option_qty: 1, option_selections: [99] },
      ]),
    ).toBe(0)
  })
  it('starts from each option default at its qty', () => {
    expect(defaultBundleSelection(bundle)).toEqual([
      { option_id: '1', option_qty: 1, option_selections: [11] },
      { option_id: '2', option_qty: 2, option_selections: [21] },
    ])
  })
})

describe('grouped total', () => {
  it('sums price × qty of linked products with qty above 0', () => {
    expect(
      groupedTotalCents([
        { priceCents: 499, qty: 2 },
        { priceCents: 1000, qty: 0 },
        { priceCents: 250, qty: -1 },
        { priceCents: 100, qty: Number.NaN },
      ]),
    ).toBe(998)
  })
})

describe('unit price', () => {
  it('a product without options costs its own final price incl. tax', () => {
    expect(unitPrice(product({ final_price_incl_tax: 12.09 }), undefined)).toEqual({ excl: 10, incl: 12.09 })
  })
  it('adds custom options before tax', () => {
    expect(unitPrice(withCustom, custom(['7', '72'], ['8', 'Ann']))).toEqual({ excl: 16, incl: 19.36 })
  })
  it('prices a bundle from its selections, with the rate given or implied', () => {
    const chosen: ProductOption = { extension_attributes: { bundle_options: [{ option_id: '1', option_qty: 1, option_selections: [12] }] } }
    expect(unitPrice(bundle, chosen)).toEqual({ excl: 14, incl: 16.94 })
    expect(unitPrice(bundle, chosen, 6)).toEqual({ excl: 14, incl: 14.84 })
  })
  it('a gift card costs the chosen amount, else the other amount, else its price', () => {
    expect(unitPrice(giftcard, gcOption({ card_amount: 50 })).incl).toBe(50)
    expect(unitPrice(giftcard, gcOption({ card_amount_other: 42 })).incl).toBe(42)
    expect(unitPrice(giftcard, undefined).incl).toBe(25)
  })
  it('implies whole-percent VAT from the product prices', () => {
    expect(impliedTaxRate(product({ price: 2.75, final_price: 2.75, final_price_incl_tax: 3 }))).toBe(9)
    expect(impliedTaxRate(product({ price: 0, final_price: 0, final_price_incl_tax: 0 }))).toBe(0)
    expect(impliedTaxRate(giftcard)).toBe(0)
  })
  it('knows which products are priced by options', () => {
    expect(hasPricedOptions(withCustom)).toBe(true)
    expect(hasPricedOptions(bundle)).toBe(true)
    expect(hasPricedOptions(giftcard)).toBe(true)
    expect(hasPricedOptions(product())).toBe(false)
  })
})

describe('validation', () => {
  it('requires required custom options and accepts complete ones', () => {
    expect(validateOptions(withCustom, undefined)).toEqual([{ key: 'required', optionId: 7 }])
    expect(validateOptions(withCustom, custom(['7', '71']))).toEqual([])
  })
  it('refuses unknown options, unknown values, two values for a single choice and too long text', () => {
    expect(validateOptions(withCustom, custom(['7', '71'], ['42', 'x']))).toEqual([{ key: 'unknownOption', optionId: 42 }])
    expect(validateOptions(withCustom, custom(['7', '79']))).toEqual([{ key: 'unknownValue', optionId: 7 }])
    expect(validateOptions(withCustom, custom(['7', '71,72']))).toEqual([{ key: 'unknownValue', optionId: 7 }])
    expect(validateOptions(withCustom, custom(['7', '71'], ['8', 'abcdefghijk']))).toEqual([{ key: 'tooLong', optionId: 8, params: { max: 10 } }])
    expect(validateOptions(withCustom, custom(['7', '71'], ['9', '91,92']))).toEqual([])
  })
  it('bundle: required options, bad qty, several selections for a radio, unknown selection or option', () => {
    const opt = (...b: { option_id: string; option_qty: number; option_selections: number[] }[]): ProductOption => ({
      extension_attributes: { bundle_options: b },
    })
    expect(validateOptions(bundle, opt())).toEqual([{ key: 'required', optionId: 1 }])
    expect(validateOptions(bundle, opt({ option_id: '1', option_qty: 1, option_selections: [11] }))).toEqual([])
    expect(validateOptions(bundle, opt({ option_id: '1', option_qty: 0, option_selections: [11] }))).toEqual([{ key: 'required', optionId: 1 }])
    expect(validateOptions(bundle, opt({ option_id: '1', option_qty: -2, option_selections: [11] }))).toEqual([{ key: 'invalidQty', optionId: 1 }])
    expect(validateOptions(bundle, opt({ option_id: '1', option_qty: 1, option_selections: [11, 12] }))).toEqual([{ key: 'unknownValue', optionId: 1 }])
    expect(validateOptions(bundle, opt({ option_id: '1', option_qty: 1, option_selections: [99] }))).toEqual([{ key: 'unknownValue', optionId: 1 }])
    expect(
      validateOptions(bundle, opt({ option_id: '1', option_qty: 1, option_selections: [11] }, { option_id: '3', option_qty: 1, option_selections: [1] })),
    ).toEqual([{ key: 'unknownOption', optionId: 3 }])
    expect(
      validateOptions(bundle, opt({ option_id: '1', option_qty: 1, option_selections: [11] }, { option_id: '2', option_qty: 1, option_selections: [21, 22] })),
    ).toEqual([])
  })
  it('gift card: a listed amount or an open amount inside its bounds', () => {
    expect(validateOptions(giftcard, undefined)).toEqual([{ key: 'amountRequired' }])
    expect(validateOptions(giftcard, gcOption({ card_amount: 50 }))).toEqual([])
    expect(validateOptions(giftcard, gcOption({ card_amount: 30 }))).toEqual([{ key: 'amountNotAllowed' }])
    expect(validateOptions(giftcard, gcOption({ card_amount_other: 5 }))).toEqual([{ key: 'amountBelowMin', params: { min: 10 } }])
    expect(validateOptions(giftcard, gcOption({ card_amount_other: 300 }))).toEqual([{ key: 'amountAboveMax', params: { max: 250 } }])
    expect(validateOptions(giftcard, gcOption({ card_amount_other: 30 }))).toEqual([])
    expect(validateOptions({ ...giftcard, giftcard_allow_open_amount: false }, gcOption({ card_amount_other: 30 }))).toEqual([{ key: 'amountNotAllowed' }])
  })
  it('gift card: an e-mail card needs the recipient address; addresses must look like addresses', () => {
    const byMail = { ...giftcard, mageworx_gc_type: 2 }
    expect(validateOptions(byMail, gcOption({ card_amount: 25 }))).toEqual([{ key: 'required', field: 'mail_to_email' }])
    expect(validateOptions(byMail, gcOption({ card_amount: 25, mail_to_email: 'ann@example.be' }))).toEqual([])
    expect(validateOptions(giftcard, gcOption({ card_amount: 25, mail_to_email: 'not-an-address' }))).toEqual([{ key: 'emailInvalid', field: 'mail_to_email' }])
    expect(validateOptions(giftcard, gcOption({ card_amount: 25, mail_from_email: 'x@' }))).toEqual([{ key: 'emailInvalid', field: 'mail_from_email' }])
  })
  it('gift card: a delivery date is a real calendar date, not before today when today is known', () => {
    const card = (date: string) => gcOption({ card_amount: 25, mail_delivery_date: date })
    const today = { today: '2026-11-25' }
    expect(validateOptions(giftcard, card('2026-11-25'), today)).toEqual([])
    expect(validateOptions(giftcard, card('2026-12-24'), today)).toEqual([])
    expect(validateOptions(giftcard, card('2026-11-24'), today)).toEqual([{ key: 'dateInPast', field: 'mail_delivery_date' }])
    // without today (the worker): only the form is checked
    expect(validateOptions(giftcard, card('2026-11-24'))).toEqual([])
    expect(validateOptions(giftcard, card('2026-02-30'), today)).toEqual([{ key: 'dateInvalid', field: 'mail_delivery_date' }])
    expect(validateOptions(giftcard, card('25/12/2026'))).toEqual([{ key: 'dateInvalid', field: 'mail_delivery_date' }])
  })
})

describe('checksums tell option choices apart', () => {
  it('different custom values, bundle selections and gift card recipients give different checksums', () => {
    expect(productOptionChecksum(custom(['7', '71']))).not.toBe(productOptionChecksum(custom(['7', '72'])))
    const b = (sel: number): ProductOption => ({ extension_attributes: { bundle_options: [{ option_id: '1', option_qty: 1, option_selections: [sel] }] } })
    expect(productOptionChecksum(b(11))).not.toBe(productOptionChecksum(b(12)))
    expect(productOptionChecksum(gcOption({ card_amount: 25, mail_to: 'Ann' }))).not.toBe(productOptionChecksum(gcOption({ card_amount: 25, mail_to: 'Bob' })))
    expect(productOptionChecksum(gcOption({ card_amount: 25, mail_delivery_date: '2026-12-01' }))).toBe(productOptionChecksum(gcOption({ card_amount: 25 })))
  })
})
