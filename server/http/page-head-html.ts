/**
 * A page's head as HTML, for what crawlers and link previews see, written into the built
 * index.html between its `<!--page-head-->` and `<!--/page-head-->` markers, with the store view's
 * `<html lang>`. Every text goes through escapeHtml; JSON-LD through jsonForScript, so a product
 * called `</script><script>…` stays data. A template without the markers (a build older than the
 * markers) is left as it is: the app still sets its own title once it runs. The first screen's
 * facts for the app (domain/first-screen) go in a JSON data block, through jsonForScript too.
 */
import { FIRST_SCREEN_ELEMENT_ID } from '../../domain/first-screen'
import type { HeadTags } from '../services/page-head'

export const HEAD_START = '<!--page-head-->'
export const HEAD_END = '<!--/page-head-->'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` as \u escapes (no
 * `</script>` or `<!--` can end the block early), and the two line separators JavaScript once
 * refused in strings. JSON.parse reads the same value back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export function renderHeadTags(tags: HeadTags): string {
  const lines = [`<title>${escapeHtml(tags.title)}</title>`, `<meta name="description" content="${escapeHtml(tags.description)}" />`]
  if (tags.robots) lines.push(`<meta name="robots" content="${escapeHtml(tags.robots)}" />`)
  if (tags.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`)
  for (const a of tags.alternates) lines.push(`<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" />`)
  for (const og of tags.openGraph) {
    // Twitter reads name=, Open Graph property=
    const attribute = og.property.startsWith('twitter:') ? 'name' : 'property'
    lines.push(`<meta ${attribute}="${escapeHtml(og.property)}" content="${escapeHtml(og.content)}" />`)
  }
  for (const image of tags.preloadImages ?? []) lines.push(`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high" />`)
  if (tags.firstScreen) lines.push(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${jsonForScript(tags.firstScreen)}</script>`)
  if (tags.jsonLd.length > 0) {
    lines.push(`<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', '@graph': tags.jsonLd })}</script>`)
  }
  return lines.join('\n    ')
}

/** The template with the page's head and language, or null when the template has no markers. */
export function injectHead(template: string, tags: HeadTags): string | null {
  const start = template.indexOf(HEAD_START)
  const end = template.indexOf(HEAD_END, start)
  if (start < 0 || end < 0) return null
  const withHead = `${template.slice(0, start)}${renderHeadTags(tags)}${template.slice(end + HEAD_END.length)}`
  const lang = `lang="${escapeHtml(tags.lang)}"`
  return /<html\b[^>]*\blang="[^"]*"/i.test(withHead)
    ? withHead.replace(/(<html\b[^>]*?)\blang="[^"]*"/i, (_, before: string) => `${before}${lang}`)
    : withHead.replace(/<html\b/i, () => `<html ${lang}`)
}
