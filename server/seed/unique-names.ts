/**
 * One name, one product: two different top-level products never share a name in a
 * store view. Plans are visited in id order; a product whose plain name is still free in every
 * store view keeps it, so the first products keep the names links and tests know them by. A later
 * one takes the first distinction (name-distinctions.ts) that is free in all store views at once,
 * so it carries the same product line, volume, design or slot in every language. No random draw:
 * the rest of the plan stays as it was drawn.
 */
import { STORE_CODES } from '../../domain/store-views'
import type { ProductKind } from './product-kinds'
import { productName, type NameChoice } from './product-names'

/** What naming needs of a product plan (product-plan.ts calls this: no import back, no cycle). */
export interface NamedPlan {
  kind: ProductKind
  name: NameChoice
}

export function distinguishSameNames(plans: readonly NamedPlan[]): void {
  const taken = STORE_CODES.map(() => new Set<string>())
  // Where to start looking for a free distinction, per plain name: skips the ones already given.
  const nextLine = new Map<string, number>()
  for (const plan of plans) {
    const namesAt = (line: number) => STORE_CODES.map((store) => productName(plan.kind, { ...plan.name, line: line || undefined }, store))
    const key = namesAt(0).join('\u0000')
    let line = nextLine.get(key) ?? 0
    let names = namesAt(line)
    while (names.some((name, i) => taken[i]!.has(name))) names = namesAt(++line)
    if (line > 0) plan.name.line = line
    nextLine.set(key, line + 1)
    names.forEach((name, i) => taken[i]!.add(name))
  }
}
