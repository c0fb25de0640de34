/**
 * The choice panels of the product page, one per kind of choice: grouped pieces with their
 * quantities, bundle selections with option quantities, gift card amount and addresses, custom
 * options. Each is a controlled fieldset over ProductChoices (product-choices.ts); prices shown
 * next to values are incl. tax in the store view's format. Validation messages come from the
 * page (domain/option-price validateOptions) once the shopper tried to add.
 */
export { BundlePanel } from './product-panels/bundle-panel'
export { CustomOptionsPanel } from './product-panels/custom-options-panel'
export { GiftcardPanel } from './product-panels/giftcard-panel'
export { GroupedPanel } from './product-panels/grouped-panel'
export { useLinkedProducts } from './product-panels/shared'
