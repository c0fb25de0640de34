/**
 * A date bound of a special price's window (special_from_date / special_to_date). A date-only bound
 * ("2026-03-01") covers that whole day (UTC); a missing or empty bound is open (null). An unreadable
 * bound is 'invalid': callers close the window, better the regular price than a wrong discount.
 */
export function parseBound(value: string | null | undefined, end: boolean): number | null | 'invalid' {
  if (value === null || value === undefined || value.trim() === '') return null
  const v = value.trim()
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(v)
  const iso = dateOnly ? `${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : /[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v.replace(' ', 'T') : `${v.replace(' ', 'T')}Z`
  const t = Date.parse(iso)
  return Number.isNaN(t) ? 'invalid' : t
}
