/**
 * The bench's goals for a big shop's size, each checked against a measured figure and printed
 * as met or missed by how much. A goal belongs to one catalogue size; at other sizes it is printed as
 * a reference only ("at 2,000, the 10,000 goal would be met"), since the figures scale with size.
 */
export interface Goal {
  /** the catalogue size the goal is set for */
  products: number
  label: string
  /** the measured value, in the goal's unit; undefined when not measured in this run */
  value: number | undefined
  limit: number
  /** 'max': value ≤ limit is met; 'min': value ≥ limit is met */
  kind: 'max' | 'min'
  unit: 'ms' | 's' | 'MB' | 'req/s'
}

function format(value: number, unit: Goal['unit']): string {
  if (unit === 'req/s') return `${Math.round(value).toLocaleString('en-US')} req/s`
  if (unit === 'MB') return `${value.toFixed(0)} MB`
  if (unit === 's') return `${value.toFixed(1)} s`
  return `${value.toFixed(1)} ms`
}

export function goalLine(goal: Goal, measuredAt: number): string {
  const target = `${goal.kind === 'max' ? '≤' : '≥'} ${format(goal.limit, goal.unit)}`
  const scope = measuredAt === goal.products ? '' : ` [goal set for ${goal.products.toLocaleString('en-US')}; reference only]`
  if (goal.value === undefined || Number.isNaN(goal.value)) return `  goal ${goal.label} ${target}: not measured${scope}`
  const met = goal.kind === 'max' ? goal.value <= goal.limit : goal.value >= goal.limit
  const gap = Math.abs(goal.value - goal.limit)
  const ratio = goal.kind === 'max' ? goal.value / goal.limit : goal.limit / goal.value
  const verdict = met ? 'met' : `MISSED by ${format(gap, goal.unit)} (${ratio.toFixed(1)}×)`
  return `  goal ${goal.label} ${target}: ${format(goal.value, goal.unit)} ${verdict}${scope}`
}
