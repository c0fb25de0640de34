/**
 * The rules of plain-text fields and shop paths (domain/plain-text): every piece of markup comes
 * out of a plain text (no XSS vector keeps an angle bracket), and a shop path never leaves the shop.
 */
import { describe, expect, it } from 'vitest'
import { ShopPathSchema, toPlainText } from '../../domain/plain-text'
import { XSS_VECTORS as VECTORS } from '../fixtures/inert-html'

describe('toPlainText', () => {
  it.each(VECTORS.map((v, i) => [i, v] as const))('vector %i comes out as text without an angle bracket', (_i, vector) => {
    const out = toPlainText(vector)
    expect(out).not.toMatch(/[<>]/)
    expect(out.toLowerCase()).not.toMatch(/alert\(2\)|document\.cookie\)<\/script/)
  })

  it('takes out tags, and code elements with their content', () => {
    expect(toPlainText('<b>Summer</b> sale')).toBe('Summer sale')
    expect(toPlainText('Sale<script>alert(1)</script>!')).toBe('Sale !')
    expect(toPlainText('Hello<script>alert(2)</script> world')).toBe('Hello world')
    expect(toPlainText('<style>p{}</style>Sale <img src=x onerror=alert(1)>now')).toBe('Sale now')
    expect(toPlainText('Sale <script>never closed')).toBe('Sale')
    expect(toPlainText('Sale <b open')).toBe('Sale')
    expect(toPlainText('1 < 2 > 0')).toBe('1 2 0')
  })

  it('keeps words, entities and typography as written', () => {
    expect(toPlainText('Fish & chips: 10 % off!')).toBe('Fish & chips: 10 % off!')
    expect(toPlainText('Fish &amp; chips <em>in</em>  Ghent')).toBe('Fish &amp; chips in Ghent')
    expect(toPlainText('&lt;script&gt;')).toBe('&lt;script&gt;')
    expect(toPlainText(' La fête du Roi\u202f: tout en orange\u00a0! ')).toBe('La fête du Roi\u202f: tout en orange\u00a0!')
    expect(toPlainText('  two\n\tlines\u0000 ')).toBe('two lines')
  })
})

describe('shop paths', () => {
  it('accepts paths inside the shop, with a query', () => {
    for (const path of ['/', '/c/bikes-5', '/p/PLD-00003/navy-touring-bike-3', '/c/shoes-4?color=49&size=167', '/i/shipping#pickup']) {
      expect(ShopPathSchema.safeParse(path).success, path).toBe(true)
    }
  })

  it('refuses anything that leaves the shop or could run', () => {
    for (const path of [
      'javascript:alert(1)',
      ' /c/x',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'c/bikes',
      '/c/a b',
      '/c/"x',
      '/c/<x>',
      '/c/x\n',
    ]) {
      expect(ShopPathSchema.safeParse(path).success, path).toBe(false)
    }
  })

  it('refuses every XSS vector as a link but those that are harmless paths', () => {
    const accepted = VECTORS.filter((v) => ShopPathSchema.safeParse(v).success)
    for (const v of accepted) {
      expect(v.startsWith('/') && !v.startsWith('//'), v).toBe(true)
      expect(v, v).not.toMatch(/[\s\\<>"'`]/)
    }
    expect(accepted.length).toBeLessThan(VECTORS.length / 10)
  })
})
