/**
 * The words of the demo shop's reviews in one language: titles and texts per number of stars
 * (a title and a text of the same stars go together), and the nicknames shoppers write under.
 */
export interface ReviewWords {
  /** index 0 holds the 1-star words, index 4 the 5-star ones */
  titles: readonly (readonly string[])[]
  texts: readonly (readonly string[])[]
  nicknames: readonly string[]
}
