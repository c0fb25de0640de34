/**
 * The files a page load's first render needs beyond index.html (LCP): the app's chunk and
 * the chunks it imports, the dictionary, the opened page's chunk, and their style sheets.
 *
 * index.html's script loads the app with `import()`, and the app loads its dictionary and the opened
 * page's chunk with `import()`: round trips one after the other on the path to the first render.
 * Named in the HTML, the browser fetches them side by side: as `<link rel="modulepreload">` (and style
 * sheet preloads) on a page without a first paint, as a data block the first script reads after the
 * paint on a page the server paints first (withAppFiles). Which files those are comes from the
 * build's manifest (vite.config.ts `build.manifest`), minus what index.html already loads.
 */
import type { AppView } from '../services/page-status'
import { APP_FILES_ELEMENT_ID } from '../../domain/app-files'
import { escapeHtml, jsonForScript } from './page-head-html'

/** One entry of Vite's build manifest (only the fields read here). */
export interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type BuildManifest = Record<string, ManifestChunk>

/** Where the manifest lies in the build. */
export const MANIFEST_PATH = '.vite/manifest.json'

/** index.html's own entry in the manifest (its chunks are in the HTML already) */
const HTML_ENTRY = 'index.html'

/** The page modules of src/router.tsx a page load can open (the ones worth a head start): the pages a shopper lands on. */
export const PAGE_MODULES: Readonly<Record<AppView, string>> = {
  home: 'src/routes/content/home-page.tsx',
  category: 'src/routes/catalog/category-page.tsx',
  product: 'src/routes/product/product-page.tsx',
  search: 'src/routes/search/search-page.tsx',
}

export interface Preloads {
  scripts: string[]
  styles: string[]
}

/** `keys`' chunks and everything they import, without what index.html loads (site paths). */
export function preloadsOf(manifest: BuildManifest, keys: readonly string[]): Preloads {
  const inHtml = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const imported of manifest[key].imports ?? []) walk(imported, into)
  }
  walk(HTML_ENTRY, inHtml)
  const needed = new Set<string>()
  for (const key of keys) if (!inHtml.has(key)) walk(key, needed)
  const scripts: string[] = []
  const styles = new Set<string>()
  const htmlStyles = new Set([...inHtml].flatMap((key) => manifest[key]?.css ?? []))
  for (const key of needed) {
    if (inHtml.has(key)) continue
    scripts.push(`/${manifest[key]!.file}`)
    for (const css of manifest[key]!.css ?? []) if (!htmlStyles.has(css)) styles.add(`/${css}`)
  }
  return { scripts, styles: [...styles] }
}

/**
 * The app's chunk: what index.html's script loads with `import()` after the page's first paint
 * (src/main.tsx). The build puts the app and what it imports in one chunk (vite.config.ts, the `app`
 * group), which the manifest names by its file (`_app-<hash>.js`), not by src/app.tsx.
 */
export function appChunkKey(manifest: BuildManifest): string | undefined {
  return manifest[HTML_ENTRY]?.dynamicImports?.[0]
}

/** The manifest keys of a page load: the app's chunk, its dictionary's first-load words (src/dictionary.ts) and its page's module (page-status tells which). */
export function preloadKeys(manifest: BuildManifest, dictionary: string, view: AppView | undefined): string[] {
  const app = appChunkKey(manifest)
  return [...(app ? [app] : []), `locales/${dictionary}/first-load.ts`, ...(view ? [PAGE_MODULES[view]] : [])]
}

/** The links, written before `</head>` (the HTML as it is when it has none). */
export function withPreloads(html: string, preloads: Preloads): string {
  const links = [
    ...preloads.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...preloads.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`),
  ]
  return links.length === 0 ? html : beforeHeadEnd(html, links.join('\n    '))
}

/** `text` written before `</head>` (the HTML as it is when it has none). */
function beforeHeadEnd(html: string, text: string): string {
  const end = html.indexOf('</head>')
  return end < 0 ? html : `${html.slice(0, end)}  ${text}\n  ${html.slice(end)}`
}

/**
 * On a page the server paints first (server/http/first-paint-html.ts): the scripts as a data block
 * (domain/app-files APP_FILES_ELEMENT_ID) that src/main.tsx turns into preloads once the paint is on
 * screen, so the style sheet and the first pictures have the link to themselves until then. The
 * page's own style sheets (a few hundred bytes) are style sheets of the paint itself: come later,
 * they restyled and laid out the whole painted page a second time, the longest task of its load
 * (Lighthouse TBT); the app's import of its page finds them there and adds none.
 */
export function withAppFiles(html: string, preloads: Preloads): string {
  const styles = preloads.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)
  const files = `<script type="application/json" id="${APP_FILES_ELEMENT_ID}">${jsonForScript({ scripts: preloads.scripts, styles: [] })}</script>`
  return beforeHeadEnd(html, [...styles, files].join('\n    '))
}
