/**
 * URL keys of the demo shop: lower-case ASCII words joined by dashes. Accents are folded
 * ("imperméable" → "impermeable") so French and Dutch keys stay readable in any URL bar.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
