/** Services and tickets: virtual, sold per city. */
import type { Text } from '../catalogue-words'
import type { ProductKind } from './kind-types'

const CITIES: readonly Text[] = [
  { en: 'Amsterdam', nl: 'Amsterdam', fr: 'Amsterdam' },
  { en: 'Utrecht', nl: 'Utrecht', fr: 'Utrecht' },
  { en: 'Ghent', nl: 'Gent', fr: 'Gand' },
  { en: 'Antwerp', nl: 'Antwerpen', fr: 'Anvers' },
  { en: 'Brussels', nl: 'Brussel', fr: 'Bruxelles' },
  { en: 'Liège', nl: 'Luik', fr: 'Liège' },
  { en: 'Rotterdam', nl: 'Rotterdam', fr: 'Rotterdam' },
]

export const SERVICE_KINDS: readonly ProductKind[] = [
  {
    key: 'workshop',
    type: 'virtual',
    naming: 'listed',
    leaf: 'workshops',
    picture: 'ticket',
    palette: ['orange', 'blue', 'green', 'pink', 'yellow'],
    retail: [25, 95],
    tax: 'standard',
    family: 'workshop',
    weight: 2,
    suffixes: CITIES,
    phrases: [
      { en: 'Cheese tasting workshop', nl: 'Workshop kaasproeven', fr: 'Atelier de dégustation de fromages' },
      { en: 'Bike maintenance workshop', nl: 'Workshop fietsonderhoud', fr: "Atelier d'entretien de vélo" },
      { en: 'Chocolate making workshop', nl: 'Workshop chocolade maken', be: 'Workshop pralines maken', fr: 'Atelier chocolat' },
      { en: 'Coffee brewing workshop', nl: 'Workshop koffie zetten', fr: 'Atelier de préparation du café' },
    ],
  },
  {
    key: 'repair',
    type: 'virtual',
    naming: 'listed',
    leaf: 'workshops',
    picture: 'wrench',
    palette: ['grey', 'blue', 'red', 'black'],
    retail: [35, 89],
    tax: 'standard',
    family: 'repair',
    weight: 1,
    suffixes: CITIES,
    phrases: [
      { en: 'Bike repair service', nl: 'Fietsreparatie', fr: 'Réparation de vélo' },
      { en: 'Annual bike service', nl: 'Jaarlijkse fietsonderhoudsbeurt', fr: 'Entretien annuel du vélo' },
      { en: 'E-bike check-up', nl: 'Controlebeurt e-bike', fr: 'Révision de vélo électrique' },
    ],
  },
]
