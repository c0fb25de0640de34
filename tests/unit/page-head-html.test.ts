/** A page's head written into the shell, every text escaped (server/http/page-head-html). */
import { describe, expect, it } from 'vitest'
import { escapeHtml, injectHead, jsonForScript } from '../../server/http/page-head-html'
import type { HeadTags } from '../../server/services/page-head'

const tags: HeadTags = {
  lang: 'nl-BE',
  title: 'A & B — Polder',
  description: 'say "hi" <b>',
  canonical: 'https://shop.example/be/p/X/x?a=1&b=2',
  alternates: [{ hreflang: 'x-default', href: 'https://shop.example/en/p/X/x' }],
  openGraph: [
    { property: 'og:title', content: "it's" },
    { property: 'twitter:card', content: 'summary' },
  ],
  jsonLd: [{ '@type': 'Product', name: '</script><!--' }],
}
const SHELL = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--page-head--><title>Polder</title><!--/page-head--></head><body></body></html>'

describe('injectHead', () => {
  it("replaces what stands between the markers and the html element's language", () => {
    const html = injectHead(SHELL, tags)!
    expect(html).toContain('<html lang="nl-BE">')
    expect(html).not.toContain('<title>Polder</title>')
    expect(html).not.toContain('page-head')
    expect(html).toContain('<title>A &amp; B — Polder</title>')
    expect(html).toContain('<meta name="description" content="say &quot;hi&quot; &lt;b&gt;" />')
    expect(html).toContain('<link rel="canonical" href="https://shop.example/be/p/X/x?a=1&amp;b=2" />')
    expect(html).toContain('<meta property="og:title" content="it&#39;s" />')
    expect(html).toContain('<meta name="twitter:card" content="summary" />')
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(html.indexOf('<title>'))
  })

  it('adds a language to an html element without one, and leaves a shell without markers alone (null)', () => {
    expect(injectHead('<html><head><!--page-head--><!--/page-head--></head></html>', tags)).toMatch(/^<html lang="nl-BE"><head><title>/)
    expect(injectHead('<!doctype html><title>Polder</title>', tags)).toBeNull()
  })
})

describe('jsonForScript', () => {
  it('cannot close the script block or open a comment, and reads back as the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029' }
    const text = jsonForScript(value)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(text)).toEqual(value)
  })
})

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;')
  })
})
