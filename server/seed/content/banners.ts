/**
 * The demo shop's banners and info banners for one store view: three main banners, three small
 * ones and a head image leading to categories of the demo tree, two product banners leading to
 * products of the catalogue, and the info banners (delivery, active; a free-delivery code, inactive).
 * Ids are fixed (BANNER_IDS), so every store view has the same set, as products keep their ids; only
 * the words and the category slugs differ. Pictures are drawn (../banner-pictures.ts) from a product
 * kind and colour; the facts (the flat rate, delivery times, coupon codes) come from where the shop
 * keeps them, so a banner can never promise what the checkout does not do.
 */
import type { BannerSlot } from '../../../domain/banner-slots'
import type { Banner, InfoBanner } from '../../../domain/banner.schema'
import type { Product } from '../../../domain/product.schema'
import type { StoreCode } from '../../../domain/store-views'
import { categoryLink, productLink } from '../../../domain/url'
import { bannerPicturePath } from '../banner-pictures'
import { categoryUrlKey, type CategoryNode } from '../categories'
import { colourByKey, inStore, type Text } from '../catalogue-words'
import { DEMO_COUPON_CODES, demoCoupons } from '../coupons'
import { parsePicturePath } from '../picture-paths'
import { isPictureKind } from '../pictures'
import type { PictureKind } from '../product-kinds'
import { contextFor } from './types'

export const BANNER_IDS = {
  'main-cycling': 1,
  'main-lighting': 2,
  'main-food': 3,
  'small-clogs': 11,
  'small-rain': 12,
  'small-coupon': 13,
  'product-1': 21,
  'product-2': 22,
  head: 31,
} as const

export const INFO_BANNER_IDS = { delivery: 1, 'free-delivery-code': 2 } as const

const NNBSP = '\u202f'

interface CategoryBanner {
  id: number
  slot: BannerSlot
  /** a category key of the demo tree (categories.ts): a top category or a leaf */
  category: string
  picture: PictureKind
  colour: string
  title: Text
  subtitle: Text
  alt: Text
}

const PERCENT_OFF = demoCoupons().find((c) => c.code === DEMO_COUPON_CODES.percent)!.amount

const CATEGORY_BANNERS: readonly CategoryBanner[] = [
  {
    id: BANNER_IDS['main-cycling'],
    slot: 'main',
    category: 'bikes',
    picture: 'bike',
    colour: 'blue',
    title: { en: 'Ride the polder', nl: 'Fietsen door de polder', fr: 'À vélo dans les polders' },
    subtitle: {
      en: 'City bikes, e-bikes and cargo bikes for every day',
      nl: 'Stadsfietsen, e-bikes en bakfietsen voor elke dag',
      fr: 'Vélos de ville, électriques et cargos pour tous les jours',
    },
    alt: {
      en: 'A bicycle in a polder landscape with a windmill',
      nl: 'Een fiets in een polderlandschap met een molen',
      fr: 'Un vélo dans un paysage de polder avec un moulin',
    },
  },
  {
    id: BANNER_IDS['main-lighting'],
    slot: 'main',
    category: 'lighting',
    picture: 'lamp',
    colour: 'yellow',
    title: { en: 'Light for long evenings', nl: 'Licht voor lange avonden', fr: 'De la lumière pour les longues soirées' },
    subtitle: { en: 'Table lamps and pendants for every room', nl: 'Tafellampen en hanglampen voor elke kamer', fr: 'Lampes et suspensions pour chaque pièce' },
    alt: { en: 'A yellow table lamp', nl: 'Een gele tafellamp', fr: 'Une lampe de table jaune' },
  },
  {
    id: BANNER_IDS['main-food'],
    slot: 'main',
    category: 'food',
    picture: 'cheese',
    colour: 'orange',
    title: { en: 'A taste of the Low Countries', nl: 'Proef de Lage Landen', fr: 'Les saveurs du Benelux' },
    subtitle: {
      en: 'Cheese, coffee, chocolate and stroopwafels',
      nl: 'Kaas, koffie, chocolade en stroopwafels',
      fr: 'Fromages, café, chocolat et gaufres au sirop',
    },
    alt: { en: 'A wheel of cheese', nl: 'Een kaaswiel', be: 'Een kaas', fr: 'Une meule de fromage' },
  },
  {
    id: BANNER_IDS['small-clogs'],
    slot: 'small',
    category: 'walking',
    picture: 'clog',
    colour: 'yellow',
    title: { en: 'Clogs and walking shoes', nl: 'Klompen en wandelschoenen', fr: 'Sabots et chaussures de marche' },
    subtitle: { en: 'Made for wet meadows', nl: 'Gemaakt voor natte weilanden', fr: 'Faits pour les prés humides' },
    alt: { en: 'A yellow clog', nl: 'Een gele klomp', fr: 'Un sabot jaune' },
  },
  {
    id: BANNER_IDS['small-rain'],
    slot: 'small',
    category: 'jackets',
    picture: 'jacket',
    colour: 'navy',
    title: { en: 'Rain? No problem.', nl: 'Regen? Geen probleem.', fr: `De la pluie${NNBSP}? Aucun problème.` },
    subtitle: {
      en: 'Jackets and coats for our weather',
      nl: 'Jassen voor ons wisselvallige weer',
      fr: 'Vestes et manteaux pour notre météo',
    },
    alt: { en: 'A navy rain jacket', nl: 'Een donkerblauwe regenjas', fr: 'Une veste de pluie bleu marine' },
  },
  {
    id: BANNER_IDS['small-coupon'],
    slot: 'small',
    category: 'gifts',
    picture: 'giftbox',
    colour: 'red',
    title: {
      en: `${PERCENT_OFF}% off with code ${DEMO_COUPON_CODES.percent}`,
      nl: `${PERCENT_OFF}% korting met code ${DEMO_COUPON_CODES.percent}`,
      fr: `${PERCENT_OFF}${NNBSP}% de remise avec le code ${DEMO_COUPON_CODES.percent}`,
    },
    subtitle: {
      en: 'On your whole order: enter the code in your cart',
      nl: 'Op je hele bestelling: vul de code in je winkelwagen in',
      be: 'Op je hele bestelling: vul de code in je winkelmandje in',
      fr: `Sur toute votre commande${NNBSP}: saisissez le code dans votre panier`,
    },
    alt: { en: 'A wrapped gift', nl: 'Een ingepakt cadeau', be: 'Een ingepakt geschenk', fr: 'Un cadeau emballé' },
  },
  {
    id: BANNER_IDS.head,
    slot: 'head',
    category: 'e-bikes',
    picture: 'cargobike',
    colour: 'green',
    title: {
      en: 'Dutch and Belgian design, delivered',
      nl: 'Nederlands en Belgisch design, thuisbezorgd',
      be: 'Belgisch en Nederlands design, thuisgeleverd',
      fr: 'Le design belge et néerlandais, livré chez vous',
    },
    subtitle: {
      en: 'Homeware, cycling gear and food from the Low Countries',
      nl: 'Wonen, fietsen en lekkers uit de Lage Landen',
      fr: 'Maison, vélo et gourmandises du Benelux',
    },
    alt: { en: 'A cargo bike in a polder landscape', nl: 'Een bakfiets in een polderlandschap', fr: 'Un vélo cargo dans un paysage de polder' },
  },
]

const FAVOURITE: Text = { en: 'one of our favourites', nl: 'een van onze favorieten', fr: `un de nos coups de cœur` }

function categoryByKey(nodes: readonly CategoryNode[], key: string): CategoryNode {
  const node = nodes.find((n) => n.key === key)
  if (!node) throw new Error(`no demo category "${key}"`)
  return node
}

function categoryBanner(b: CategoryBanner, store: StoreCode, nodes: readonly CategoryNode[], sortOrder: number): Banner {
  const category = categoryByKey(nodes, b.category)
  return {
    id: b.id,
    slot: b.slot,
    title: inStore(b.title, store),
    subtitle: inStore(b.subtitle, store),
    image: bannerPicturePath(b.picture, colourByKey(b.colour).hex, b.slot),
    link: categoryLink({ slug: categoryUrlKey(category, store) }),
    alt: inStore(b.alt, store),
    sort_order: sortOrder,
    active: true,
  }
}

/** A product banner: the product's name, its leaf category's name, its own picture's kind and colour. */
function productBanner(product: Product, id: number, sortOrder: number, store: StoreCode): Banner {
  const picture = product.image ? parsePicturePath(product.image) : null
  const kind = picture && isPictureKind(picture.kind) ? picture.kind : 'giftbox'
  const leaf = product.category[product.category.length - 1]
  const separator = store === 'fr' ? `${NNBSP}: ` : ': '
  return {
    id,
    slot: 'product',
    title: product.name,
    ...(leaf?.name ? { subtitle: `${leaf.name}${separator}${inStore(FAVOURITE, store)}` } : {}),
    image: bannerPicturePath(kind, picture?.hex ?? colourByKey('red').hex, 'product'),
    link: productLink({ parentSku: product.sku, slug: product.slug }),
    alt: product.name,
    sort_order: sortOrder,
    active: true,
  }
}

/** Picture kinds product banners prefer, in order: things that read well big and wide. */
const FEATURED_KINDS: readonly PictureKind[] = ['bike', 'cheese', 'lamp', 'jacket', 'coffee', 'mug', 'armchair', 'clog']

/**
 * Two products for the product banners: enabled, listed in the catalogue, in stock, simple or
 * configurable, from two different top categories, preferring FEATURED_KINDS (the first product
 * of each kind in id order), else the first that qualify. Works on any plan-like list.
 */
export function featuredProducts<
  P extends { id: number; type: string; status: number; visibility: number; stock: { is_in_stock: boolean }; topId: number; picture: string },
>(candidates: readonly P[]): P[] {
  const eligible = candidates.filter((p) => p.status === 1 && p.visibility === 4 && p.stock.is_in_stock && (p.type === 'simple' || p.type === 'configurable'))
  const chosen: P[] = []
  const take = (p: P | undefined) => {
    if (p && chosen.length < 2 && !chosen.some((c) => c.topId === p.topId)) chosen.push(p)
  }
  for (const kind of FEATURED_KINDS) take(eligible.find((p) => p.picture === kind && !chosen.some((c) => c.topId === p.topId)))
  for (const p of eligible) take(p)
  return chosen
}

/** The store view's banners; `nodes` the demo shop's categories, `featured` the (at most two) products of the product banners, rendered in that store view. */
export function demoBanners(store: StoreCode, nodes: readonly CategoryNode[], featured: readonly Product[]): Banner[] {
  const perSlot = new Map<BannerSlot, number>()
  const next = (slot: BannerSlot) => {
    const n = (perSlot.get(slot) ?? 0) + 1
    perSlot.set(slot, n)
    return n
  }
  const productIds = [BANNER_IDS['product-1'], BANNER_IDS['product-2']]
  return [
    ...CATEGORY_BANNERS.map((b) => categoryBanner(b, store, nodes, next(b.slot))),
    ...featured.slice(0, productIds.length).map((p, i) => productBanner(p, productIds[i]!, next('product'), store)),
  ]
}

export function demoInfoBanners(store: StoreCode): InfoBanner[] {
  const rate = contextFor(store).flatRate
  const code = DEMO_COUPON_CODES.freeShipping
  const delivery: Text = {
    en: `<p><strong>Delivered in 1–2 working days</strong> in the Netherlands and 2–3 in Belgium, for ${rate}. Or collect your order free of charge at our shop in Utrecht.</p>`,
    nl: `<p><strong>Binnen 1–2 werkdagen bezorgd</strong> in Nederland en 2–3 in België, voor ${rate}. Of haal je bestelling gratis op in onze winkel in Utrecht.</p>`,
    fr: `<p><strong>Livré en 1 à 2 jours ouvrables</strong> aux Pays-Bas et en 2 à 3 en Belgique, pour ${rate}. Ou retirez gratuitement votre commande dans notre magasin d’Utrecht.</p>`,
  }
  const freeDelivery: Text = {
    en: `<p>Free delivery on your order with the code <strong>${code}</strong>.</p>`,
    nl: `<p>Gratis bezorging van je bestelling met de code <strong>${code}</strong>.</p>`,
    fr: `<p>Livraison gratuite de votre commande avec le code <strong>${code}</strong>.</p>`,
  }
  return [
    { id: INFO_BANNER_IDS.delivery, content: inStore(delivery, store), link: '/i/shipping', active: true },
    // kept for a promotion week: switched on by a re-import with `active: true`
    { id: INFO_BANNER_IDS['free-delivery-code'], content: inStore(freeDelivery, store), active: false },
  ]
}
