import { describe, expect, it } from 'vitest'
import type { ProductOption } from '../../domain/cart.schema'
import {
  bundleLabels,
  childByOptions,
  choicesOfChild,
  configurableItemOptions,
  configurableLabels,
  configurableLineOption,
  customOptionLabels,
  giftcardLabels,
  lineLabels,
  type GiftcardWords,
} from '../../domain/cart-line-options'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { BUNDLE_TREAT, ENGRAVING, EXTRAS, GIFT_WRAP, teeOptions, testProduct } from '../fixtures/catalog'

const RED = 50
const BLUE = 51
const S = 167
const M = 168

const product = (fields: Partial<Product> = {}): Product => testProduct('TEE', { name: 'Tee', type_id: 'configurable', price: 20, ...fields })

function child(sku: string, values: Record<string, unknown>): ConfigurableChild {
  return { id: 10, sku, name: sku, status: 1, stock: { qty: 5, is_in_stock: true, manage_stock: true }, price: 20, tax_class_id: 2, ...values }
}

const redS = child('TEE-RED-S', { color: RED, size: S })
const blueM = child('TEE-BLUE-M', { color: BLUE, size: String(M) })
const redM = child('TEE-RED-M', { color: RED, size: M })
const tee = product({
  configurable_options: teeOptions({ red: RED, blue: BLUE, small: S, medium: M, sizeAttribute: 144 }),
  configurable_children: [redS, blueM, redM],
})
const chosen = (...pairs: [string | number, string | number][]): ProductOption => ({
  extension_attributes: {
    configurable_item_options: pairs.map(([option_id, option_value]) => ({ option_id: String(option_id), option_value: String(option_value) })),
  },
})

describe('childByOptions', () => {
  it('picks the child that carries every chosen value (attribute id → value index, text or number alike)', () => {
    expect(childByOptions(tee, chosen([93, BLUE], [144, M]))?.sku).toBe('TEE-BLUE-M')
    expect(childByOptions(tee, chosen(['93', String(RED)], ['144', String(M)]))?.sku).toBe('TEE-RED-M')
  })

  it('takes the first child carrying a partial choice', () => {
    expect(childByOptions(tee, chosen([93, RED]))?.sku).toBe('TEE-RED-S')
  })

  it('is null when nothing is chosen, an option is not the product’s, or no child matches', () => {
    expect(childByOptions(tee, undefined)).toBeNull()
    expect(childByOptions(tee, { extension_attributes: {} })).toBeNull()
    expect(childByOptions(tee, chosen([93, RED], [999, S]))).toBeNull()
    expect(childByOptions(tee, chosen([93, BLUE], [144, S]))).toBeNull()
  })
})

describe('options of a child', () => {
  it('reads the child’s value of each option in the product’s order, leaving out options it lacks', () => {
    const plain = child('TEE-PLAIN', { color: RED })
    expect(choicesOfChild(tee, plain).map((c) => [c.option.attribute_code, c.valueIndex, c.value?.label])).toEqual([['color', '50', 'Red']])
    const unlisted = child('TEE-GREEN-S', { color: 99, size: S })
    expect(choicesOfChild(tee, unlisted).map((c) => [c.valueIndex, c.value?.label])).toEqual([
      ['99', undefined],
      ['167', 'S'],
    ])
  })

  it('gives the contract’s {option_id, option_value} or, for the client, with the labels', () => {
    expect(configurableItemOptions(tee, blueM)).toEqual([
      { option_id: '93', option_value: '51' },
      { option_id: '144', option_value: '168' },
    ])
    expect(configurableItemOptions(tee, blueM, { labels: true })).toEqual([
      { option_id: '93', option_value: '51', label: 'Color', value: 'Blue' },
      { option_id: '144', option_value: '168', label: 'Size', value: 'M' },
    ])
  })

  it('leads back to the same child', () => {
    for (const c of [redS, blueM, redM]) {
      expect(childByOptions(tee, configurableLineOption(tee, c, undefined))).toBe(c)
      expect(childByOptions(tee, configurableLineOption(tee, c, undefined, { labels: true }))).toBe(c)
    }
  })
})

describe('configurableLineOption', () => {
  it('keeps the options sent when they name the choice', () => {
    const sent = chosen([144, M], [93, BLUE])
    expect(configurableLineOption(tee, blueM, sent)).toBe(sent)
  })

  it('adds the child’s choice to what was sent, or stands alone', () => {
    const engraved: ProductOption = { extension_attributes: { custom_options: [{ option_id: '8', option_value: 'Anna' }] } }
    expect(configurableLineOption(tee, redS, engraved)).toEqual({
      extension_attributes: {
        custom_options: [{ option_id: '8', option_value: 'Anna' }],
        configurable_item_options: [
          { option_id: '93', option_value: '50' },
          { option_id: '144', option_value: '167' },
        ],
      },
    })
    expect(configurableLineOption(tee, redS, null)).toEqual(chosen([93, RED], [144, S]))
    expect(configurableLineOption(tee, redS, chosen())).toEqual(chosen([93, RED], [144, S]))
  })
})

describe('configurableLabels', () => {
  it('labels the child’s choice in the product’s words; a value the product does not list has no label', () => {
    expect(configurableLabels(tee, blueM)).toEqual([
      { label: 'Color', value: 'Blue' },
      { label: 'Size', value: 'M' },
    ])
    expect(configurableLabels(tee, child('TEE-GREEN-S', { color: 99, size: S }))).toEqual([{ label: 'Size', value: 'S' }])
  })
})

const mug = product({
  sku: 'MUG',
  type_id: 'simple',
  custom_options: [GIFT_WRAP, ENGRAVING, EXTRAS],
})

describe('customOptionLabels', () => {
  it('names chosen values, typed text (trimmed) and several values of one option', () => {
    expect(
      customOptionLabels(mug, [
        { option_id: '7', option_value: '72' },
        { option_id: '8', option_value: '  Anna ' },
        { option_id: '9', option_value: '91,92' },
      ]),
    ).toEqual([
      { label: 'Gift wrap', value: 'Box' },
      { label: 'Engraving', value: 'Anna' },
      { label: 'Extras', value: 'Card, Ribbon' },
    ])
  })

  it('leaves out unknown options and values, and empty text', () => {
    expect(
      customOptionLabels(mug, [
        { option_id: '99', option_value: '1' },
        { option_id: '7', option_value: '79' },
        { option_id: '8', option_value: '  ' },
      ]),
    ).toEqual([])
  })
})

const box = product({
  sku: 'BOX',
  type_id: 'bundle',
  bundle_options: [
    BUNDLE_TREAT,
    {
      option_id: 2,
      title: 'Socks',
      type: 'checkbox',
      required: false,
      product_links: [
        { id: 3, sku: 'SOCK-0', qty: 1, is_default: true },
        { id: 4, sku: 'SOCK-2', qty: 1, is_default: false },
      ],
    },
  ],
})
const names: Record<string, string> = { WAFEL: 'Stroopwafel', 'SOCK-0': 'Grey sock' }
const bundleChoice: ProductOption = {
  extension_attributes: {
    bundle_options: [
      { option_id: '1', option_qty: 2, option_selections: [1] },
      { option_id: '2', option_qty: 1, option_selections: [3, 4] },
      { option_id: '9', option_qty: 1, option_selections: [1] },
    ],
  },
}

describe('bundleLabels', () => {
  it('names each chosen piece with its qty, by sku when it has no name; unknown options are left out', () => {
    expect(bundleLabels(box, bundleChoice.extension_attributes.bundle_options!, (sku) => names[sku])).toEqual([
      { label: 'Treat', value: '2 × Stroopwafel' },
      { label: 'Socks', value: '1 × Grey sock, 1 × SOCK-2' },
    ])
  })
})

const words: GiftcardWords = {
  amount: 'Card amount',
  recipient: 'Recipient',
  recipientEmail: 'Recipient e-mail',
  message: 'Message',
  deliveryDate: 'Send on',
  formatAmount: (n) => `€ ${n.toFixed(2)}`,
  formatDate: (date) => date.split('-').reverse().join('/'),
}

describe('giftcardLabels', () => {
  it('labels the amount (listed or open) and the recipient', () => {
    const gc = (details: Record<string, unknown>): ProductOption => ({ extension_attributes: { mageworx_giftcard_item_option: details } })
    expect(giftcardLabels(gc({ card_amount: 50, mail_to: 'Ann' }), words)).toEqual([
      { label: 'Card amount', value: '€ 50.00' },
      { label: 'Recipient', value: 'Ann' },
    ])
    expect(giftcardLabels(gc({ card_amount_other: 42 }), words)).toEqual([{ label: 'Card amount', value: '€ 42.00' }])
    // the e-mail address and the message are on the line too, to check before paying
    expect(giftcardLabels(gc({ card_amount: 25, mail_to: 'Ann', mail_to_email: 'ann@example.be', mail_message: 'Proficiat!' }), words)).toEqual([
      { label: 'Card amount', value: '€ 25.00' },
      { label: 'Recipient', value: 'Ann' },
      { label: 'Recipient e-mail', value: 'ann@example.be' },
      { label: 'Message', value: 'Proficiat!' },
    ])
    expect(giftcardLabels(gc({ card_amount: 25, mail_delivery_date: '2026-12-24' }), words)).toEqual([
      { label: 'Card amount', value: '€ 25.00' },
      { label: 'Send on', value: '24/12/2026' },
    ])
    expect(giftcardLabels(undefined, words)).toEqual([])
  })
})

describe('lineLabels', () => {
  it('labels the configurable choice, then custom options', () => {
    const option: ProductOption = {
      extension_attributes: { ...chosen([93, RED], [144, S]).extension_attributes, custom_options: [{ option_id: '8', option_value: 'Bo' }] },
    }
    const withEngraving = { ...tee, custom_options: mug.custom_options }
    expect(lineLabels(withEngraving, option, { child: redS })).toEqual([
      { label: 'Color', value: 'Red' },
      { label: 'Size', value: 'S' },
      { label: 'Engraving', value: 'Bo' },
    ])
  })

  it('labels bundle pieces and gift card details only where the side can name them', () => {
    expect(lineLabels(box, bundleChoice)).toEqual([])
    expect(lineLabels(box, bundleChoice, { linkedName: (sku) => names[sku] })[0]).toEqual({ label: 'Treat', value: '2 × Stroopwafel' })
    const card = product({ sku: 'GIFT', type_id: 'giftcard' })
    const option: ProductOption = { extension_attributes: { mageworx_giftcard_item_option: { card_amount: 25, mail_to: 'Ann' } } }
    expect(lineLabels(card, option)).toEqual([])
    expect(lineLabels(card, option, { giftcard: words })).toEqual([
      { label: 'Card amount', value: '€ 25.00' },
      { label: 'Recipient', value: 'Ann' },
    ])
  })

  it('is empty for a product without choices', () => {
    expect(lineLabels(product({ type_id: 'simple' }), null, { giftcard: words, linkedName: () => undefined })).toEqual([])
  })
})
