/**
 * An allow-list HTML sanitiser for the shop's own content (CMS pages and blocks). Nothing of the
 * input is passed through as it came: the input is read as tags and text, and the output is
 * written anew from the allowed tags and attributes only, every attribute value quoted and
 * escaped, every text escaped, the open elements closed. So a construct the reader did not
 * recognise cannot reach the output: a stray `<` is text (`&lt;`), an unknown tag goes (its text
 * stays), and the elements that carry code or other documents (script, style, iframe, object,
 * svg, ...) go with everything inside them.
 *
 * What must stay true: no event handler, `style` or unknown attribute is written; a link is
 * http(s), mailto, tel or site-relative; an image is http(s) or site-relative; a link opened in a
 * new tab carries rel="noopener noreferrer".
 */

const ALLOWED_TAGS = new Set([
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'address', 'div', 'span', 'section', 'article'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['strong', 'em', 'b', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr'],
])

/** Elements without an end tag. */
const VOID_TAGS = new Set(['br', 'hr', 'img'])

/** Elements dropped together with everything up to their end tag (or the end of the input). */
const DROPPED_WITH_CONTENT = new Set([
  ...['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes'],
  ...['template', 'textarea', 'select', 'option', 'svg', 'math', 'title', 'xmp', 'plaintext', 'head', 'xml'],
])

type AttributeRule = (value: string) => string | null

const text =
  (max: number): AttributeRule =>
  (v) =>
    v.slice(0, max)
const digits: AttributeRule = (v) => (/^\d{1,5}$/.test(v.trim()) ? v.trim() : null)

/** The schemes a URL may have once entities, controls and spaces are gone; null: no scheme (relative). */
function schemeOf(url: string): string | null {
  // browsers skip control characters and spaces inside a scheme (`jav\tascript:`)
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '')
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)
  return m ? m[1]!.toLowerCase() : null
}

function urlRule(schemes: readonly string[]): AttributeRule {
  return (v) => {
    const value = v.trim()
    // eslint-disable-next-line no-control-regex
    if (value === '' || /[\u0000-\u001f\\]/.test(value)) return null
    const scheme = schemeOf(value)
    if (scheme !== null) return schemes.includes(scheme) ? value : null
    // no scheme: site-relative only; `//host` is another site
    if (value.startsWith('//')) return null
    return value.includes(':') && !/^[^:]*[/?#]/.test(value) ? null : value
  }
}

const GLOBAL_ATTRIBUTES: Record<string, AttributeRule> = { title: text(300), lang: (v) => (/^[a-z]{2}(?:-[a-z]{2})?$/i.test(v) ? v : null) }

const TAG_ATTRIBUTES: Record<string, Record<string, AttributeRule>> = {
  a: {
    href: urlRule(['http', 'https', 'mailto', 'tel']),
    target: (v) => (v === '_blank' || v === '_self' ? v : null),
    // rel is written by the sanitiser itself
  },
  img: { src: urlRule(['http', 'https']), alt: text(300), width: digits, height: digits },
  th: { colspan: digits, rowspan: digits, scope: (v) => (['row', 'col', 'rowgroup', 'colgroup'].includes(v) ? v : null) },
  td: { colspan: digits, rowspan: digits },
  ol: { start: digits },
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n' }

/** An attribute's value as a browser reads it: character references decoded (with or without `;`). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole
  })
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Text as it is written: `<` and `>` escaped, an `&` kept only where it starts a character reference. */
function escapeText(value: string): string {
  return value
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

const TAG = /^<(\/?)([a-z][a-z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/i
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function attributesOf(tag: string, raw: string): string {
  const rules = TAG_ATTRIBUTES[tag] ?? {}
  const kept = new Map<string, string>()
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase()
    const rule = rules[name] ?? GLOBAL_ATTRIBUTES[name]
    if (!rule || kept.has(name)) continue
    const value = rule(decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''))
    if (value !== null) kept.set(name, value)
  }
  if (tag === 'a' && kept.get('target') === '_blank') kept.set('rel', 'noopener noreferrer')
  if (tag === 'img' && !kept.has('src')) return ''
  return [...kept].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')
}

/** Where the markup that starts at `at` (`<!--`, `<!`, `<?`) ends; the input's end when it never does. */
function skipMarkup(html: string, at: number): number {
  const close = html.startsWith('<!--', at) ? '-->' : '>'
  const end = html.indexOf(close, at + 2)
  return end === -1 ? html.length : end + close.length
}

/** After a dropped element's start tag: past its end tag, or the input's end. */
function skipContent(html: string, from: number, tag: string): number {
  const end = new RegExp(`</${tag}\\s*>`, 'i').exec(html.slice(from))
  return end ? from + end.index + end[0].length : html.length
}

/** The HTML with only allowed tags and attributes, written anew; text escaped; open elements closed. */
export function sanitiseHtml(html: string): string {
  const out: string[] = []
  const open: string[] = []
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt === -1) {
      out.push(escapeText(html.slice(i)))
      break
    }
    out.push(escapeText(html.slice(i, lt)))
    if (html.startsWith('<!', lt) || html.startsWith('<?', lt)) {
      i = skipMarkup(html, lt)
      continue
    }
    const m = TAG.exec(html.slice(lt))
    if (!m) {
      out.push('&lt;')
      i = lt + 1
      continue
    }
    i = lt + m[0].length
    const closing = m[1] === '/'
    const tag = m[2]!.toLowerCase()
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (!closing) i = skipContent(html, i, tag)
      continue
    }
    if (!ALLOWED_TAGS.has(tag)) continue
    if (closing) {
      const at = open.lastIndexOf(tag)
      if (at === -1) continue
      // closing an outer element closes what is still open inside it
      for (const inner of open.splice(at).reverse()) out.push(`</${inner}>`)
      continue
    }
    const attributes = attributesOf(tag, m[3] ?? '')
    if (tag === 'img' && attributes === '') continue
    out.push(`<${tag}${attributes}>`)
    if (!VOID_TAGS.has(tag)) open.push(tag)
  }
  for (const inner of open.reverse()) out.push(`</${inner}>`)
  return out.join('')
}
