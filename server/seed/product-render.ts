/**
 * Turns product plans into one store view's product documents (the index document shape of
 * vsf-api-contract.md §3.6). Only words differ between store views: names, descriptions, url
 * keys, category names and option labels. Prices stay source prices excluding VAT; the server
 * adds the *_incl_tax fields per store view when it imports the shop.
 */
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { Visibility } from '../../domain/product.schema'
import type { StoreCode } from '../../domain/store-views'
import { round2 } from '../../domain/money'
import { ATTRIBUTE_IDS, attributeLabel, brandOptionId, colourOptionId, ERIN_NO, ERIN_YES, sizeOptionId } from './attributes'
import { BRANDS, colourByKey, inStore } from './catalogue-words'
import { productTexts } from './descriptions'
import { CUSTOM_OPTION_PRICES, CUSTOM_OPTION_TEXTS, GIFT_CARD_OPEN_AMOUNT } from './product-kinds'
import type { ChildPlan, ProductPlan, SpecialPlan, StockPlan } from './product-plan'
import { productName } from './product-names'
import { pictureGallery, picturePath } from './picture-paths'
import { slugify } from '../../domain/url'

/** Product position inside each category, by category id then product id. */
export type CategoryPositions = ReadonlyMap<number, ReadonlyMap<number, number>>

function stockOf(stock: StockPlan, productId: number) {
  return { product_id: productId, qty: stock.qty, is_in_stock: stock.is_in_stock, manage_stock: stock.manage_stock, stock_status: stock.is_in_stock ? 1 : 0 }
}

function specialFields(price: number, special: SpecialPlan | undefined) {
  if (!special) return {}
  return { special_price: round2(price * (1 - special.discount)), special_from_date: special.from, special_to_date: special.to }
}

function renderChild(plan: ProductPlan, child: ChildPlan, parentName: string, parentSlug: string, store: StoreCode): ConfigurableChild {
  const colour = colourByKey(child.colour)
  const colourLabel = inStore(colour.label, store)
  const image = picturePath(plan.kind.picture, colour.hex, 1)
  return {
    id: child.id,
    sku: child.sku,
    name: `${parentName} - ${colourLabel} - ${child.size}`,
    status: child.status,
    visibility: Visibility.NotVisible,
    url_key: `${parentSlug}-${slugify(colourLabel)}-${child.size.toLowerCase()}-${child.id}`,
    image,
    small_image: image,
    thumbnail: image,
    price: child.price,
    regular_price: child.price,
    ...specialFields(child.price, plan.special),
    tax_class_id: plan.taxClassId,
    stock: stockOf(child.stock, child.id),
    color: colourOptionId(child.colour),
    size: sizeOptionId(child.size),
  }
}

function configurableFields(plan: ProductPlan, name: string, slugBase: string, store: StoreCode): Partial<Product> {
  const children = (plan.children ?? []).map((c) => renderChild(plan, c, name, slugBase, store))
  const colours = plan.colours ?? []
  const sizes = plan.sizes ?? []
  const specials = children.map((c) => c.special_price).filter((p): p is number => typeof p === 'number')
  return {
    configurable_children: children,
    configurable_options: [
      {
        id: plan.id * 10 + 1,
        attribute_id: ATTRIBUTE_IDS.color,
        attribute_code: 'color',
        label: attributeLabel('color', store),
        position: 0,
        values: colours.map((key) => ({
          value_index: colourOptionId(key),
          label: inStore(colourByKey(key).label, store),
          default_label: colourByKey(key).label.en,
        })),
      },
      {
        id: plan.id * 10 + 2,
        attribute_id: ATTRIBUTE_IDS.size,
        attribute_code: 'size',
        label: attributeLabel('size', store),
        position: 1,
        values: sizes.map((size) => ({ value_index: sizeOptionId(size), label: size, default_label: size })),
      },
    ],
    color_options: colours.map(colourOptionId),
    size_options: sizes.map(sizeOptionId),
    // The parent shows its cheapest child's prices (contract §3.6).
    ...(specials.length > 0 ? { special_price: Math.min(...specials) } : {}),
  }
}

function linkFields(plan: ProductPlan, store: StoreCode): Partial<Product> {
  if (plan.links) {
    return {
      product_links: plan.links.map((l, i) => ({
        sku: plan.sku,
        link_type: 'associated' as const,
        linked_product_sku: l.sku,
        linked_product_type: l.type,
        position: i + 1,
        qty: l.qty,
      })),
    }
  }
  if (plan.bundle) {
    let linkId = plan.id * 100
    return {
      bundle_options: plan.bundle.map((option, i) => ({
        option_id: plan.id * 10 + i + 1,
        title: inStore(option.leaf.name, store),
        type: 'radio' as const,
        required: true,
        position: i + 1,
        product_links: option.links.map((l, j) => ({
          id: ++linkId,
          sku: l.sku,
          qty: l.qty,
          can_change_quantity: 1,
          is_default: j === 0,
          price: l.price,
          price_type: 0,
          position: j + 1,
        })),
      })),
    }
  }
  return {}
}

function customOptions(plan: ProductPlan, store: StoreCode): Partial<Product> {
  if (!plan.customOptions) return {}
  const t = CUSTOM_OPTION_TEXTS
  const valueId = plan.id * 100
  return {
    custom_options: [
      {
        option_id: plan.id * 10 + 1,
        title: inStore(t.wrapping, store),
        type: 'drop_down',
        is_require: true,
        sort_order: 1,
        values: [
          { option_type_id: valueId + 1, title: inStore(t.noWrapping, store), price: 0, price_type: 'fixed', sort_order: 1 },
          { option_type_id: valueId + 2, title: inStore(t.paper, store), price: CUSTOM_OPTION_PRICES.paper, price_type: 'fixed', sort_order: 2 },
          { option_type_id: valueId + 3, title: inStore(t.box, store), price: CUSTOM_OPTION_PRICES.boxPercent, price_type: 'percent', sort_order: 3 },
        ],
      },
      {
        option_id: plan.id * 10 + 2,
        title: inStore(t.engraving, store),
        type: 'field',
        is_require: false,
        sort_order: 2,
        price: CUSTOM_OPTION_PRICES.engraving,
        price_type: 'fixed',
        max_characters: CUSTOM_OPTION_PRICES.engravingMax,
      },
    ],
  }
}

export function renderProduct(plan: ProductPlan, store: StoreCode, positions: CategoryPositions): Product {
  const name = productName(plan.kind, plan.name, store)
  const slugBase = slugify(name)
  const urlKey = `${slugBase}-${plan.id}`
  const brand = plan.brand === undefined ? undefined : BRANDS[plan.brand]
  const colourHex = colourByKey(plan.pictureColour).hex
  const gallery = pictureGallery(plan.kind.picture, colourHex)
  const category = [plan.top, plan.leaf].map((c) => ({ category_id: c.id, name: inStore(c.name, store), position: positions.get(c.id)?.get(plan.id) ?? 0 }))
  const product: Product = {
    id: plan.id,
    sku: plan.sku,
    name,
    type_id: plan.type,
    status: plan.status,
    visibility: plan.visibility,
    url_key: urlKey,
    url_path: `${urlKey}.html`,
    slug: urlKey,
    ...productTexts(plan.kind.family, plan.descriptionVariant, brand, store, plan.giftcard?.type),
    image: gallery[0]!.image,
    small_image: gallery[0]!.image,
    thumbnail: gallery[0]!.image,
    media_gallery: gallery,
    price: plan.price,
    regular_price: plan.price,
    ...specialFields(plan.price, plan.special),
    tax_class_id: plan.taxClassId,
    category_ids: category.map((c) => c.category_id),
    category,
    stock: stockOf(plan.stock, plan.id),
    ...(plan.type === 'configurable' ? configurableFields(plan, name, slugBase, store) : {}),
    ...linkFields(plan, store),
    ...(plan.giftcard
      ? {
          giftcard_amounts: [25, 50, 100],
          giftcard_allow_open_amount: plan.giftcard.openAmount,
          ...(plan.giftcard.openAmount ? { giftcard_open_amount_min: GIFT_CARD_OPEN_AMOUNT.min, giftcard_open_amount_max: GIFT_CARD_OPEN_AMOUNT.max } : {}),
          mageworx_gc_type: plan.giftcard.type,
        }
      : {}),
    ...customOptions(plan, store),
    ...(plan.type === 'simple' && plan.name.colour ? { color: colourOptionId(plan.name.colour) } : {}),
    ...(plan.brand === undefined ? {} : { manufacturer: brandOptionId(plan.brand) }),
    erin_recommends: plan.erinRecommends ? ERIN_YES : ERIN_NO,
    sold_qty: plan.soldQty,
    eol: 0,
    created_at: plan.createdAt,
    updated_at: plan.updatedAt,
  }
  return product
}
