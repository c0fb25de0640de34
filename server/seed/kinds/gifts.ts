/** Gift cards and gift sets. */
import type { Text } from '../catalogue-words'
import type { ProductKind } from './kind-types'

/** By mageworx_gc_type: 1 a code to redeem, 2 sent by e-mail, 3 a printed card by post. */
export const GIFT_CARD_DELIVERY: readonly Text[] = [
  { en: '(digital code)', nl: '(digitale code)', fr: '(code numérique)' },
  { en: '(by e-mail)', nl: '(per e-mail)', fr: '(par e-mail)' },
  { en: '(printed card)', nl: '(gedrukte kaart)', be: '(gedrukte bon)', fr: '(carte imprimée)' },
]

/** Amounts 25 / 50 / 100; multi-purpose vouchers carry no VAT when sold. */
export const GIFT_CARD_KINDS: readonly ProductKind[] = [
  {
    key: 'gift-card',
    type: 'giftcard',
    naming: 'listed',
    leaf: 'gift-cards',
    picture: 'giftcard',
    palette: ['orange', 'red', 'blue', 'green', 'pink', 'navy'],
    retail: [25, 25],
    tax: 'none',
    family: 'giftcard',
    weight: 1,
    suffixes: GIFT_CARD_DELIVERY,
    phrases: [
      { en: 'Polder gift card', nl: 'Polder cadeaukaart', be: 'Polder cadeaubon', fr: 'Carte cadeau Polder' },
      { en: 'Birthday gift card', nl: 'Verjaardagscadeaukaart', be: 'Verjaardagscadeaubon', fr: "Carte cadeau d'anniversaire" },
      { en: 'Thank-you gift card', nl: 'Bedankt-cadeaukaart', be: 'Bedankt-cadeaubon', fr: 'Carte cadeau de remerciement' },
      { en: 'Cycling gift card', nl: 'Fietscadeaukaart', be: 'Fietscadeaubon', fr: 'Carte cadeau vélo' },
    ],
  },
]

/** Grouped (buy the pieces together) and bundle (choose per option). */
export const GIFT_SET_KINDS: readonly ProductKind[] = [
  {
    key: 'grouped-set',
    type: 'grouped',
    naming: 'listed',
    leaf: 'gift-sets',
    picture: 'giftbox',
    palette: ['red', 'green', 'navy', 'orange'],
    retail: [0, 0],
    tax: 'reduced',
    family: 'set',
    weight: 1,
    linkLeaves: ['coffee-tea', 'cheese', 'sweets'],
    phrases: [
      { en: 'Breakfast set', nl: 'Ontbijtset', fr: 'Coffret petit-déjeuner' },
      { en: "Cheese lover's set", nl: 'Kaasliefhebbersset', fr: 'Coffret des amateurs de fromage' },
      { en: 'Coffee break set', nl: 'Koffiepauzeset', fr: 'Coffret pause-café' },
    ],
  },
  {
    key: 'bundle-box',
    type: 'bundle',
    naming: 'listed',
    leaf: 'gift-sets',
    picture: 'giftbox',
    palette: ['yellow', 'blue', 'pink', 'green'],
    retail: [0, 0],
    tax: 'standard',
    family: 'set',
    weight: 1,
    linkLeaves: ['tableware', 'coffee-tea', 'sweets', 'cycling-accessories'],
    phrases: [
      { en: 'Build your own gift box', nl: 'Stel je eigen cadeaubox samen', fr: 'Composez votre coffret cadeau' },
      { en: 'Commuter gift box', nl: 'Cadeaubox voor forenzen', be: 'Geschenkdoos voor pendelaars', fr: 'Coffret cadeau du navetteur' },
      { en: 'Cosy evening box', nl: 'Gezellige-avondbox', fr: 'Coffret soirée cocooning' },
    ],
  },
]
