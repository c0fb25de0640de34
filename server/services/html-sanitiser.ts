/**
 * The allow-list for the shop's own HTML (CMS pages and blocks), applied with sanitize-html (an
 * htmlparser2-based sanitiser that writes its output anew from what the list allows): our own
 * parser would have to know every way a browser reads broken markup, theirs is maintained for it.
 *
 * What must stay true: no element that carries code or other documents (script, style, iframe,
 * object, svg, ...) and nothing inside it; no event handler, `style` or unknown attribute; a link
 * is http(s), mailto, tel or site-relative; an image is http(s) or site-relative; a link opened in
 * a new tab carries rel="noopener noreferrer".
 */
import sanitizeHtml from 'sanitize-html'

const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'address', 'div', 'span', 'section', 'article'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['strong', 'em', 'b', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr'],
]

/** Dropped together with everything inside them, not only their tags. */
const DROPPED_WITH_CONTENT = [
  ...['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes'],
  ...['template', 'textarea', 'select', 'option', 'svg', 'math', 'title', 'xmp', 'plaintext', 'head', 'xml'],
]

const DIGITS = /^\d{1,5}$/
const NUMBER_ATTRIBUTES = new Set(['width', 'height', 'colspan', 'rowspan', 'start'])
const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup'])

/** What our rules bound beyond sanitize-html's checks: numbers, `scope`, `lang`, text lengths. */
function bounded(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {}
  for (const [name, value] of Object.entries(attribs)) {
    if (NUMBER_ATTRIBUTES.has(name) && !DIGITS.test(value.trim())) continue
    if (name === 'scope' && !SCOPES.has(value)) continue
    if (name === 'lang' && !/^[a-z]{2}(?:-[a-z]{2})?$/i.test(value)) continue
    if (name === 'target' && value !== '_blank' && value !== '_self') continue
    out[name] = name === 'title' || name === 'alt' ? value.slice(0, 300) : value
  }
  return out
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['title', 'lang'],
    // rel is the sanitiser's own (transformTags), never the input's
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // `//host/x` is another site's address, not one of ours
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowVulnerableTags: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: bounded(attribs) }),
    a: (tagName, attribs) => {
      const { rel: _given, ...kept } = bounded(attribs)
      return { tagName, attribs: kept.target === '_blank' ? { ...kept, rel: 'noopener noreferrer' } : kept }
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** The HTML with only allowed tags and attributes, written anew; text escaped; open elements closed. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
