/**
 * The files a page the server paints first (server/http/first-paint-html.ts) names for the app's
 * first render: the app's chunks, the dictionary, the page's chunk and its style sheets, as a JSON
 * data block in the HTML (server/http/page-preloads.ts). src/main.tsx asks for them once that paint is
 * on screen; named as preloads in the head, they would share the phone's link with the style sheet
 * and the first pictures the paint waits for. A module of its own: index.html's small first script
 * reads it, and nothing more of the first screen's facts.
 */

/** The id of the data block in the page's HTML. */
export const APP_FILES_ELEMENT_ID = 'polder-app-files'

export interface AppFiles {
  /** site paths of module scripts */
  scripts: string[]
  /** site paths of style sheets */
  styles: string[]
}

const sitePaths = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string' && p.startsWith('/') && !p.startsWith('//')) : []

/** The block's text as AppFiles; only site paths (`/…`, not `//…`) are kept, anything else is left out (never throws). */
export function parseAppFiles(text: string | null | undefined): AppFiles {
  let value: unknown
  try {
    value = text ? JSON.parse(text) : null
  } catch {
    value = null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { scripts: [], styles: [] }
  const { scripts, styles } = value as Record<string, unknown>
  return { scripts: sitePaths(scripts), styles: sitePaths(styles) }
}
