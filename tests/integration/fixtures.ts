/**
 * A small DemoShop for the server tests: four store views, a configurable tee with colour × size
 * children, a reduced-VAT food product, a special price inside and one outside its window, an
 * out-of-stock product and a few socks for paging. Prices exclude tax (as the seed's do).
 */
import type { Attribute } from '../../domain/attribute.schema'
import type { Category } from '../../domain/category.schema'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import type { DemoShop } from '../../server/seed/demo-shop'
import { TAX_RULES, teeOptions } from '../fixtures/catalog'
import { cmsBlocks, cmsPages } from './cms-fixtures'

export const RED = 49
export const BLUE = 50
export const SMALL = 167
export const MEDIUM = 168
export const COLOR_ATTRIBUTE_ID = 93
export const SIZE_ATTRIBUTE_ID = 142
export const CLOTHING = 20
export const FOOD = 21
export const SOCKS = 22
export const SOCK_COUNT = 7

const T = '2026-01-01T00:00:00.000Z'
const words: Record<StoreCode, { tee: string; cotton: string; jacket: string; socks: string }> = {
  en: { tee: 'Bicycle tee', cotton: 'A soft cotton tee printed with bicycles', jacket: 'Rain jacket', socks: 'Wool socks' },
  nl: { tee: 'Fiets T-shirt', cotton: 'Een zacht katoenen shirt met fietsen', jacket: 'Regenjas', socks: 'Wollen sokken' },
  be: { tee: 'Fiets T-shirt', cotton: 'Een zacht katoenen shirt met fietsen', jacket: 'Regenjas', socks: 'Wollen sokken' },
  fr: { tee: 'T-shirt vélo', cotton: 'Un t-shirt doux en coton imprimé de vélos', jacket: 'Veste de pluie', socks: 'Chaussettes en laine' },
}

function stock(qty: number, inStock = qty > 0) {
  return { qty, is_in_stock: inStock, manage_stock: true }
}

function simple(id: number, sku: string, name: string, price: number, categoryId: number, position: number, extra: Partial<Product> = {}): Product {
  const slug = `${sku.toLowerCase()}-${id}`
  return {
    id,
    sku,
    name,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: slug,
    url_path: `${slug}.html`,
    slug,
    description: `${name} description`,
    image: `/p/${sku.toLowerCase()}.svg`,
    price,
    tax_class_id: 2,
    category_ids: [categoryId],
    category: [{ category_id: categoryId, name: 'Category', position }],
    stock: stock(10),
    sold_qty: 0,
    eol: 0,
    created_at: T,
    updated_at: T,
    ...extra,
  }
}

function products(code: StoreCode): Product[] {
  const w = words[code]
  const child = (id: number, sku: string, color: number, size: number, price: number, qty: number, special?: number) => ({
    id,
    sku,
    name: `${w.tee} ${sku}`,
    status: 1,
    price,
    tax_class_id: 2,
    stock: stock(qty),
    color,
    size,
    ...(special !== undefined ? { special_price: special } : {}),
  })
  const tee: Product = {
    ...simple(100, 'TEE', w.tee, 20, CLOTHING, 2, { description: w.cotton }),
    type_id: 'configurable',
    color_options: [RED, BLUE],
    size_options: [SMALL, MEDIUM],
    configurable_options: teeOptions({ red: RED, blue: BLUE, small: SMALL, medium: MEDIUM, sizeAttribute: SIZE_ATTRIBUTE_ID }),
    configurable_children: [
      child(101, 'TEE-RED-S', RED, SMALL, 20, 10),
      child(102, 'TEE-RED-M', RED, MEDIUM, 20, 2),
      child(103, 'TEE-BLUE-S', BLUE, SMALL, 22, 0),
      child(104, 'TEE-BLUE-M', BLUE, MEDIUM, 22, 5, 17),
    ],
  }
  const socks = Array.from({ length: SOCK_COUNT }, (_, i) =>
    simple(700 + i, `SOCK-${i}`, `${w.socks} ${i}`, 8 + i, SOCKS, i + 1, { color: i % 2 === 0 ? RED : BLUE }),
  )
  return [
    tee,
    simple(200, 'WAFEL', code === 'fr' ? 'Gaufres au sirop' : 'Stroopwafels', 5, FOOD, 1, { tax_class_id: 5, stock: stock(100) }),
    simple(300, 'JACKET', w.jacket, 100, CLOTHING, 1, { special_price: 80, special_from_date: '2020-01-01', special_to_date: '2099-12-31', color: BLUE }),
    simple(400, 'SCARF', code === 'fr' ? 'Écharpe' : 'Scarf', 40, CLOTHING, 3, {
      special_price: 30,
      special_from_date: '2019-01-01',
      special_to_date: '2020-01-01',
      color: RED,
      stock: stock(3),
    }),
    simple(500, 'BOOTS', code === 'fr' ? 'Bottes' : 'Boots', 150, CLOTHING, 4, { color: BLUE, stock: stock(0, false) }),
    ...socks,
  ]
}

function category(id: number, parent: number, name: string, level: number, position: number): Category {
  const slug = name.toLowerCase().replace(/\s+/g, '-')
  return {
    id,
    parent_id: parent,
    name,
    url_key: slug,
    url_path: slug,
    slug,
    path: parent === 1 ? `1/${id}` : `1/2/${id}`,
    level,
    position,
    is_active: true,
    include_in_menu: true,
    product_count: 0,
    children_count: parent === 1 ? 3 : 0,
    updated_at: T,
  }
}

function attributes(): Attribute[] {
  const attr = (id: number, code: string, label: string, options: { value: string; label: string }[]): Attribute => ({
    id,
    attribute_id: id,
    attribute_code: code,
    frontend_input: 'select',
    frontend_label: label,
    is_user_defined: true,
    is_visible: true,
    is_comparable: true,
    is_filterable: true,
    options,
    updated_at: T,
  })
  return [
    attr(COLOR_ATTRIBUTE_ID, 'color', 'Color', [
      { value: String(RED), label: 'Red' },
      { value: String(BLUE), label: 'Blue' },
    ]),
    attr(SIZE_ATTRIBUTE_ID, 'size', 'Size', [
      { value: String(SMALL), label: 'S' },
      { value: String(MEDIUM), label: 'M' },
    ]),
  ]
}

/**
 * The fixture shop; `without` leaves products out by sku and `withoutCms` CMS pages and blocks by
 * identifier (to test tombstones on re-import).
 */
export function buildFixtureShop(options: { without?: string[]; withoutCms?: string[] } = {}): DemoShop {
  const without = new Set(options.without ?? [])
  const withoutCms = new Set(options.withoutCms ?? [])
  const catalog = Object.fromEntries(
    STORE_CODES.map((code) => [
      code,
      {
        products: products(code).filter((p) => !without.has(p.sku)),
        categories: [
          category(2, 1, 'Default Category', 1, 1),
          category(CLOTHING, 2, 'Clothing', 2, 1),
          category(FOOD, 2, 'Food', 2, 2),
          category(SOCKS, 2, 'Socks', 2, 3),
        ],
        attributes: attributes(),
        cms_pages: cmsPages(code).filter((p) => !withoutCms.has(p.identifier)),
        cms_blocks: cmsBlocks(code).filter((b) => !withoutCms.has(b.identifier)),
      },
    ]),
  ) as DemoShop['catalog']
  return { catalog, taxRules: structuredClone(TAX_RULES) }
}
