/** A line's total incl. VAT in whole cents: the unit price times the quantity, rounded once (cart, checkout, orders). */
export function rowTotalCents(line: { qty: number; price_incl_tax: number }): number {
  return Math.round(line.qty * line.price_incl_tax)
}
