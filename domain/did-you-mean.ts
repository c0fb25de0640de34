/**
 * "Did you mean …?" for a search that found nothing: each word of the query that the
 * shop's vocabulary does not hold is replaced by its closest word there, within a small edit
 * distance (typos, a swapped pair of letters, a missing accent). Pure: the vocabulary is the words
 * of the product names the caller holds, with how often each occurs (the more common word wins a tie).
 */

/** Lower case without accents, so "creme" and "Crème" are one word. */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** The words of a text, as the vocabulary holds them: letters and digits, folded, at least 3 long. */
export function wordsOf(text: string): string[] {
  return (foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3)
}

/** How many edits a word of this length may be away: 1 up to 4 letters, 2 from 5. */
export function allowedDistance(length: number): number {
  return length <= 4 ? 1 : 2
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent swaps), giving up past `max`
 * (answers max + 1 then): cheap enough to compare a word with a few thousand others per search.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0)
    current[0] = i
    let best = current[0]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1)
      current[j] = d
      if (d < best) best = d
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/** The closest vocabulary word to `word` within its allowed distance; null when none is close. */
export function closestWord(word: string, vocabulary: ReadonlyMap<string, number>): string | null {
  const folded = foldWord(word)
  if (vocabulary.has(folded)) return folded
  const max = allowedDistance(folded.length)
  let best: { word: string; distance: number; count: number } | null = null
  for (const [candidate, count] of vocabulary) {
    const distance = editDistance(folded, candidate, max)
    if (distance > max) continue
    if (!best || distance < best.distance || (distance === best.distance && count > best.count)) best = { word: candidate, distance, count }
  }
  return best?.word ?? null
}

/**
 * The query with every unknown word corrected, or null when nothing would change or a word has no
 * close match (a suggestion that still finds nothing helps no one).
 */
export function didYouMean(query: string, vocabulary: ReadonlyMap<string, number>): string | null {
  const words = foldWord(query).match(/[\p{L}\p{N}]+/gu) ?? []
  if (words.length === 0) return null
  let changed = false
  const corrected: string[] = []
  for (const word of words) {
    if (word.length < 3 || vocabulary.has(word)) {
      corrected.push(word)
      continue
    }
    const close = closestWord(word, vocabulary)
    if (close === null) return null
    corrected.push(close)
    changed = true
  }
  return changed ? corrected.join(' ') : null
}

/** Counts the words of `texts` (product names): the vocabulary didYouMean corrects against. */
export function vocabularyOf(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const text of texts) for (const word of wordsOf(text)) counts.set(word, (counts.get(word) ?? 0) + 1)
  return counts
}
