/**
 * The first-screen facts come from the page's HTML; the app must never trip over a block it cannot
 * read (an old server, an edited page): what is malformed is left out, the rest kept.
 */
import { describe, expect, it } from 'vitest'
import { parseAppFiles } from '../../domain/app-files'
import { parseFirstScreen } from '../../domain/first-screen'

describe('parseFirstScreen', () => {
  it('reads a category and a product', () => {
    const text = JSON.stringify({
      category: { id: 3, name: 'Kleding', slug: 'kleding-3', trail: [{ name: 'Heren', slug: 'heren-2' }], tiles: ['/a.png', '/b.png'] },
      product: { sku: 'PLD-1', name: 'Polo', image: '/p.png', trail: [{ name: 'Kleding', slug: 'kleding-3' }] },
    })
    expect(parseFirstScreen(text)).toEqual({
      category: { id: 3, name: 'Kleding', slug: 'kleding-3', trail: [{ name: 'Heren', slug: 'heren-2' }], tiles: ['/a.png', '/b.png'] },
      product: { sku: 'PLD-1', name: 'Polo', image: '/p.png', trail: [{ name: 'Kleding', slug: 'kleding-3' }] },
    })
  })

  it("reads home's head image; drops one without its picture, link or id, and an empty subtitle", () => {
    const head = { id: 1, title: 'Welkom', subtitle: 'Fietsen', image: '/img/banners/head.webp', link: '/c/fietsen-2', alt: 'Een bakfiets' }
    expect(parseFirstScreen(JSON.stringify({ home: { head } }))).toEqual({ home: { head } })
    expect(parseFirstScreen(JSON.stringify({ home: { head: { ...head, subtitle: '' } } }))).toEqual({ home: { head: { ...head, subtitle: undefined } } })
    for (const broken of [{ ...head, image: '' }, { ...head, link: 3 }, { ...head, id: '1' }, 'head'])
      expect(parseFirstScreen(JSON.stringify({ home: { head: broken } })), JSON.stringify(broken)).toEqual({})
  })

  it('gives nothing for no block, text that is not JSON, or JSON that is not an object', () => {
    for (const text of [undefined, null, '', '{', 'null', '[1,2]', '"category"']) expect(parseFirstScreen(text), String(text)).toEqual({})
  })

  it('drops a category or product without its key facts, keeps the other', () => {
    expect(parseFirstScreen(JSON.stringify({ category: { id: '3', name: 'x', slug: 'x' }, product: { sku: 'A', name: 'A', trail: [] } }))).toEqual({
      product: { sku: 'A', name: 'A', trail: [] },
    })
    expect(parseFirstScreen(JSON.stringify({ category: { id: 3, name: 'x', slug: '' } }))).toEqual({})
    expect(parseFirstScreen(JSON.stringify({ product: { sku: '', name: 'A' } }))).toEqual({})
    expect(parseFirstScreen(JSON.stringify({ category: { id: 2.5, name: 'x', slug: 'x' } }))).toEqual({})
  })

  it('keeps only well-formed trail steps and tile paths, and no empty picture', () => {
    const text = JSON.stringify({
      category: { id: 3, name: 'x', slug: 'x', trail: [{ name: 'A', slug: 'a' }, { name: 1, slug: 'b' }, 'c', null], tiles: ['/a.png', 7, null] },
      product: { sku: 'A', name: 'A', image: '', trail: 'none' },
    })
    expect(parseFirstScreen(text)).toEqual({
      category: { id: 3, name: 'x', slug: 'x', trail: [{ name: 'A', slug: 'a' }], tiles: ['/a.png'] },
      product: { sku: 'A', name: 'A', trail: [] },
    })
  })
})

describe("the app's files named for after the first paint (domain/app-files)", () => {
  it('keeps site paths, in order', () => {
    expect(parseAppFiles('{"scripts":["/assets/app-1.js","/assets/en-2.js"],"styles":["/assets/grid-3.css"]}')).toEqual({
      scripts: ['/assets/app-1.js', '/assets/en-2.js'],
      styles: ['/assets/grid-3.css'],
    })
  })

  it('leaves out what is not a site path: another origin, a protocol-relative address, a relative path, not a string', () => {
    expect(parseAppFiles('{"scripts":["https://evil.example/x.js","//evil.example/y.js","assets/z.js",7,"/assets/ok.js"],"styles":"/a.css"}')).toEqual({
      scripts: ['/assets/ok.js'],
      styles: [],
    })
  })

  it('no block, an empty one, broken JSON or not an object: nothing', () => {
    for (const text of [null, undefined, '', '{', '[]', '"x"', 'null']) expect(parseAppFiles(text), String(text)).toEqual({ scripts: [], styles: [] })
  })
})
