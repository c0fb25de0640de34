/**
 * `_source_include` / `_source_exclude` with Elasticsearch's wildcard semantics: a `*` matches any
 * run of characters, dots included, and a field matches when its dotted path (array indexes are
 * no part of it) matches a pattern or lies below a path that does. The walk follows Elasticsearch's
 * own filter (XContentMapValues.filter): a matched object is kept whole unless an exclude can still
 * match inside it; the walk descends only where an include can still match deeper; an object or
 * array entered for a deeper include and found without a match is dropped, and so is an object
 * inside an array that the walk left empty.
 *
 * The patterns come straight from the request. A walker that followed `__proto__` once deleted
 * `Object.prototype.hasOwnProperty` for the whole process, so:
 * - a pattern holds letters, digits, `_`, `-`, `.` and `*` only, and a segment without a wildcard
 *   never names `__proto__`, `constructor` or `prototype` (a 400 that names the parameter);
 * - the walk reads a document's own keys only and never reads or writes a key of those three
 *   names: no pattern, however wild, selects them;
 * - patterns are compiled once per request into a state machine stepped character by character
 *   (a set of positions, never a backtracking regex), so a pattern such as `*a*a*a*b` costs time
 *   linear in the key; each state remembers the states its keys lead to, so the documents of one
 *   answer, which share their keys, are walked with a map lookup per key.
 */
import { InvalidRequestError } from './errors'

type Json = Record<string, unknown>

/** Names that reach an object's prototype machinery instead of one of its own fields. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])
const SEGMENT = /^[A-Za-z0-9_*-]{1,100}$/
/** far more than any storefront asks for; a longer list is a mistake or an attack */
export const MAX_SOURCE_FIELDS = 200
const MAX_DEPTH = 8
/** all patterns of one list together: what one step of the state machine may cost */
export const MAX_SOURCE_PATTERN_CHARS = 8000
/** states and key transitions remembered per list; past them each is worked out again, never wrong */
const MAX_REMEMBERED = 20000

const STAR = -1
const END = -2
const DOT = '.'.charCodeAt(0)
const ASTERISK = '*'.charCodeAt(0)

/** A set of positions in the compiled patterns; `all`: a pattern matched a parent, so everything below matches. */
interface State {
  readonly positions: readonly number[]
  readonly accept: boolean
  readonly all: boolean
  readonly next: Map<string, State | null>
  dot?: State | null
}

/** Everything matches: below an object a pattern matched, or every field when no include list is given. */
const ALL: State = { positions: [], accept: true, all: true, next: new Map() }
ALL.dot = ALL

/** Parsed, checked and compiled patterns of one list; `patterns` as asked, trimmed, each once, in order. */
export interface FieldPatterns {
  readonly patterns: readonly string[]
  /** the state before any key; null for an empty list */
  readonly start: State | null
  readonly step: (state: State, key: string) => State | null
  readonly stepDot: (state: State) => State | null
}

/** Whether `name` may be used as a key of a document: a plain field name, never a prototype key. */
function isFieldSegment(name: string): boolean {
  return SEGMENT.test(name) && !name.includes('*') && !PROTOTYPE_KEYS.has(name)
}

function isPatternSegment(segment: string): boolean {
  return SEGMENT.test(segment) && !PROTOTYPE_KEYS.has(segment)
}

/** `a.**.b*` → its tokens: character codes and STAR (a run of `*` is one), then END. */
function tokensOf(pattern: string): number[] {
  const tokens: number[] = []
  for (let i = 0; i < pattern.length; i++) {
    const code = pattern.charCodeAt(i)
    if (code !== ASTERISK) tokens.push(code)
    else if (tokens.at(-1) !== STAR) tokens.push(STAR)
  }
  tokens.push(END)
  return tokens
}

/**
 * The state machine of a list: one array of every pattern's tokens; a state is the sorted set of
 * positions that may come next. Remembered states and transitions live as long as the list.
 */
function compile(patterns: readonly string[]): Pick<FieldPatterns, 'start' | 'step' | 'stepDot'> {
  if (patterns.length === 0) return { start: null, step: (s) => (s.all ? ALL : null), stepDot: (s) => (s.all ? ALL : null) }
  const tokens: number[] = []
  const starts: number[] = []
  for (const pattern of patterns) {
    starts.push(tokens.length)
    tokens.push(...tokensOf(pattern))
  }
  const seen = new Uint32Array(tokens.length)
  let mark = 0
  const interned = new Map<string, State>()
  let remembered = 0

  // a star may match nothing: reaching it reaches what follows it too (runs are one star)
  const add = (into: number[], position: number): void => {
    if (seen[position] === mark) return
    seen[position] = mark
    into.push(position)
    if (tokens[position] === STAR) add(into, position + 1)
  }

  function stateOf(positions: number[], all: boolean): State | null {
    if (all) return ALL
    if (positions.length === 0) return null
    positions.sort((a, b) => a - b)
    const key = positions.join(',')
    const known = interned.get(key)
    if (known) return known
    const state: State = { positions, accept: positions.some((p) => tokens[p] === END), all: false, next: new Map() }
    if (remembered < MAX_REMEMBERED) {
      interned.set(key, state)
      remembered++
    }
    return state
  }

  /** One character from a set of positions; `all` when a whole pattern is followed by a dot. */
  function stepChar(positions: readonly number[], code: number): { positions: number[]; all: boolean } {
    if (mark === 0xffffffff) {
      seen.fill(0)
      mark = 0
    }
    mark++
    const next: number[] = []
    let all = false
    for (const p of positions) {
      const token = tokens[p]
      if (token === STAR) add(next, p)
      else if (token === END) all ||= code === DOT
      else if (token === code) add(next, p + 1)
    }
    return { positions: next, all }
  }

  function walk(state: State, text: string): State | null {
    if (state.all) return ALL
    let positions: readonly number[] = state.positions
    for (let i = 0; i < text.length; i++) {
      const stepped = stepChar(positions, text.charCodeAt(i))
      if (stepped.all) return ALL
      if (stepped.positions.length === 0) return null
      positions = stepped.positions
    }
    return stateOf([...positions], false)
  }

  const step = (state: State, key: string): State | null => {
    if (state.all) return ALL
    const known = state.next.get(key)
    if (known !== undefined) return known
    const next = walk(state, key)
    if (remembered < MAX_REMEMBERED) {
      state.next.set(key, next)
      remembered++
    }
    return next
  }
  const stepDot = (state: State): State | null => {
    if (state.dot === undefined) state.dot = walk(state, '.')
    return state.dot
  }

  mark = 1
  const first: number[] = []
  for (const s of starts) add(first, s)
  return { start: stateOf(first, false), step, stepDot }
}

/** Field patterns → compiled matcher; a bad pattern is a 400 that names the parameter and the pattern. */
export function parseFieldPaths(fields: readonly string[], parameter: string): FieldPatterns {
  const patterns = [...new Set(fields.map((s) => s.trim()).filter(Boolean))]
  if (patterns.length > MAX_SOURCE_FIELDS) throw new InvalidRequestError(`${parameter}: at most ${MAX_SOURCE_FIELDS} fields`)
  let chars = 0
  for (const pattern of patterns) {
    const segments = pattern.split('.')
    if (segments.length > MAX_DEPTH || !segments.every(isPatternSegment)) {
      throw new InvalidRequestError(`${parameter}: "${pattern.slice(0, 100)}" is not a field name`)
    }
    chars += pattern.length
  }
  if (chars > MAX_SOURCE_PATTERN_CHARS) throw new InvalidRequestError(`${parameter}: at most ${MAX_SOURCE_PATTERN_CHARS} characters of field names`)
  return { patterns, ...compile(patterns) }
}

/** A comma-separated list (`_source_include=a,b.c,*sku`). */
export function parseFieldList(list: string | undefined, parameter: string): FieldPatterns {
  return parseFieldPaths(list ? list.split(',') : [], parameter)
}

/**
 * The names when every pattern is one plain top-level field (`sku`, never `*sku` or `stock.qty`):
 * then a document cut to those keys alone filters to the same answer (but for a top-level key
 * with a dot in its name, `sku.x`, which the pattern `sku` selects as Elasticsearch does).
 * Undefined otherwise.
 */
export function plainFieldNames({ patterns }: FieldPatterns): string[] | undefined {
  return patterns.length > 0 && patterns.every(isFieldSegment) ? [...patterns] : undefined
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

interface Walk {
  include: FieldPatterns
  exclude: FieldPatterns
}

function filterObject(walk: Walk, source: Json, include: State | null, exclude: State | null): Json {
  const out: Json = {}
  if (include === null) return out
  for (const key of Object.keys(source)) {
    if (PROTOTYPE_KEYS.has(key)) continue
    const inc = walk.include.step(include, key)
    if (inc === null) continue
    const exc = exclude && walk.exclude.step(exclude, key)
    if (exc?.accept) continue
    const value = source[key]
    let below = inc
    if (inc.accept) {
      const excBelow = exc && walk.exclude.stepDot(exc)
      if (!excBelow) {
        // no exclude can match inside: the whole value
        out[key] = value
        continue
      }
      below = ALL
    }
    if (isObject(value)) {
      const filtered = filterObject(walk, value, walk.include.stepDot(below), exc && walk.exclude.stepDot(exc))
      if (inc.accept || Object.keys(filtered).length > 0) out[key] = filtered
    } else if (Array.isArray(value)) {
      const filtered = filterArray(walk, value, below, exc)
      if (inc.accept || filtered.length > 0) out[key] = filtered
    } else if (inc.accept) {
      out[key] = value
    }
  }
  return out
}

function filterArray(walk: Walk, items: readonly unknown[], include: State, exclude: State | null): unknown[] {
  const out: unknown[] = []
  for (const item of items) {
    if (isObject(item)) {
      const filtered = filterObject(walk, item, walk.include.stepDot(include), exclude && walk.exclude.stepDot(exclude))
      if (Object.keys(filtered).length > 0) out.push(filtered)
    } else if (Array.isArray(item)) {
      const filtered = filterArray(walk, item, include, exclude)
      if (filtered.length > 0) out.push(filtered)
    } else if (include.accept) {
      out.push(item)
    }
  }
  return out
}

/**
 * The document cut to the field lists, as Elasticsearch cuts `_source`: include, then exclude.
 * Values kept whole are the document's own (not copied); the document itself is never changed.
 */
export function filterSource(doc: Json, include: FieldPatterns, exclude: FieldPatterns): Json {
  if (include.patterns.length === 0 && exclude.patterns.length === 0) return doc
  return filterObject({ include, exclude }, doc, include.start ?? ALL, exclude.start)
}
