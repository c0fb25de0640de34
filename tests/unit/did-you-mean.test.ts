import { describe, expect, it } from 'vitest'
import { didYouMean, editDistance, closestWord, vocabularyOf, wordsOf } from '../../domain/did-you-mean'

const vocabulary = vocabularyOf(['Warm winter jacket', 'Rain jacket', 'Crème brûlée bowl', 'Wool socks', 'Wool scarf', 'Polo shirt', 'Pole lamp'])

describe('did you mean', () => {
  it('counts edits, a swapped pair of letters as one, and gives up past the limit', () => {
    expect(editDistance('jacket', 'jacket')).toBe(0)
    expect(editDistance('jakcet', 'jacket')).toBe(1)
    expect(editDistance('jackt', 'jacket')).toBe(1)
    expect(editDistance('jxckxt', 'jacket')).toBe(2)
    expect(editDistance('socks', 'jacket', 2)).toBe(3)
  })

  it('reads words folded: lower case, no accents, at least 3 letters', () => {
    expect(wordsOf('Crème brûlée, a bowl of 2')).toEqual(['creme', 'brulee', 'bowl'])
  })

  it('corrects a typo in each unknown word and keeps known ones', () => {
    expect(didYouMean('wintr jakcet', vocabulary)).toBe('winter jacket')
    expect(didYouMean('warm jackte', vocabulary)).toBe('warm jacket')
    expect(didYouMean('creme brulee', vocabulary)).toBeNull()
  })

  it('suggests nothing when every word is known or one has no close word', () => {
    expect(didYouMean('rain jacket', vocabulary)).toBeNull()
    expect(didYouMean('xyzzyq', vocabulary)).toBeNull()
    expect(didYouMean('wintr xyzzyq', vocabulary)).toBeNull()
  })

  it('allows one edit for short words, two from five letters', () => {
    expect(closestWord('wol', vocabulary)).toBe('wool')
    expect(closestWord('poxx', vocabulary)).toBeNull()
    expect(closestWord('jxckxt', vocabulary)).toBe('jacket')
  })

  it('on a tie the more common word wins', () => {
    // "wool" occurs twice, "pole"/"polo" once: "pool" is one edit from each of them
    expect(closestWord('pool', vocabulary)).toBe('wool')
  })
})
