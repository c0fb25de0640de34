import { describe, expect, it } from 'vitest'
import { sanitiseHtml } from '../../server/services/html-sanitiser'
import { executableConstructs, XSS_VECTORS as VECTORS } from '../fixtures/inert-html'

describe('sanitiseHtml', () => {
  it('has a corpus of the OWASP filter evasion vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40)
  })

  it.each(VECTORS.map((v, i) => [i, v] as const))('vector %i comes out inert', (_i, vector) => {
    const out = sanitiseHtml(vector)
    expect(executableConstructs(out)).toEqual([])
    expect(out.toLowerCase()).not.toMatch(/<script|<style|<iframe|<svg|<object|<embed|<meta|<link|<base|<form/)
  })

  it('the check itself finds what it must find', () => {
    expect(executableConstructs('<img src="x" onerror="alert(1)">')).toContain('attribute onerror')
    expect(executableConstructs('<a href="&#106;avascript:alert(1)">x</a>')).toContain('href=javascript:alert(1)')
    expect(executableConstructs('<script>x</script>')).toContain('tag script')
    expect(executableConstructs('<img src=x onerror=alert(1)>')[0]).toMatch(/raw </)
  })

  it('keeps headings, paragraphs, lists, links, images, tables and emphasis', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>soft</em> text &amp; more €</p><ul><li>one</li></ul><ol start="3"><li>two</li></ol>' +
      '<p><a href="/i/contact">contact</a> <a href="https://example.com/x?a=1&amp;b=2">out</a> <a href="mailto:info@polder.example">mail</a></p>' +
      '<img src="/img/a.png" alt="A" /><img src="https://cdn.example/b.jpg" alt="B" width="20" />' +
      '<table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>'
    expect(sanitiseHtml(html)).toBe(html)
  })

  it('writes rel="noopener noreferrer" on links opened in a new tab, and never the input’s own rel', () => {
    expect(sanitiseHtml('<a href="/x" rel="opener">x</a>')).toBe('<a href="/x">x</a>')
    expect(sanitiseHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('drops scripts, styles and frames with their content, event handlers, style attributes and unsafe URLs', () => {
    expect(sanitiseHtml('<p onclick="x()" style="color:red">a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>')
    expect(sanitiseHtml('<iframe src="https://example.com">inside</iframe>after')).toBe('after')
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitiseHtml('<img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png">')).toBe('')
    expect(sanitiseHtml('<a href="JaVa&#x53;cript&colon;alert(1)">x</a>')).toBe('<a>x</a>')
  })

  it('escapes stray angle brackets, keeps unknown tags’ text and closes what is left open', () => {
    expect(sanitiseHtml('1 < 2 and <blink>on</blink>')).toBe('1 &lt; 2 and on')
    expect(sanitiseHtml('<p><strong>open')).toBe('<p><strong>open</strong></p>')
    expect(sanitiseHtml('<ul><li>a</ul></li>')).toBe('<ul><li>a</li></ul>')
  })
})
