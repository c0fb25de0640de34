import { describe, expect, it } from 'vitest'
import { preloadKeys, preloadsOf, withPreloads, type BuildManifest } from '../../server/http/page-preloads'

/** The shape of Vite's manifest: index.html's chunks, a page chunk with its own imports and CSS, dictionaries. */
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    imports: ['_framework-b.js', '_price-c.js'],
    dynamicImports: ['_app-k.js'],
    css: ['assets/index-d.css', 'assets/price-e.css'],
  },
  // the app's chunk, as vite.config.ts's app group makes it: named by its file, not by src/app.tsx
  '_app-k.js': { file: 'assets/app-k.js', imports: ['_framework-b.js', 'index.html'] },
  '_framework-b.js': { file: 'assets/framework-b.js' },
  '_price-c.js': { file: 'assets/price-c.js', imports: ['_framework-b.js'], css: ['assets/price-e.css'] },
  'src/routes/catalog/category-page.tsx': { file: 'assets/category-page-f.js', imports: ['_framework-b.js', 'index.html', '_grid-g.js', '_price-c.js'] },
  '_grid-g.js': { file: 'assets/grid-g.js', imports: ['_tile-h.js', '_framework-b.js'], css: ['assets/grid-i.css', 'assets/price-e.css'] },
  '_tile-h.js': { file: 'assets/tile-h.js', imports: ['_grid-g.js'] },
  'locales/nl/first-load.ts': { file: 'assets/nl-j.js' },
}

describe('page preloads', () => {
  it("name the app's chunk, the dictionary, the page chunk and what it imports, without what index.html loads, each once", () => {
    const preloads = preloadsOf(manifest, preloadKeys(manifest, 'nl', 'category'))
    expect(preloads.scripts).toEqual(['/assets/app-k.js', '/assets/nl-j.js', '/assets/category-page-f.js', '/assets/grid-g.js', '/assets/tile-h.js'])
    expect(preloads.styles).toEqual(['/assets/grid-i.css'])
  })

  it('a page without a head start gets the app and its dictionary only; a key the build does not have adds nothing', () => {
    expect(preloadsOf(manifest, preloadKeys(manifest, 'nl', undefined))).toEqual({ scripts: ['/assets/app-k.js', '/assets/nl-j.js'], styles: [] })
    expect(preloadsOf(manifest, preloadKeys(manifest, 'en', 'home'))).toEqual({ scripts: ['/assets/app-k.js'], styles: [] })
    expect(preloadsOf({}, preloadKeys({}, 'nl', 'category'))).toEqual({ scripts: [], styles: [] })
  })

  it('are written before </head>, and the HTML is left as it is without links or without a head', () => {
    const html = '<html><head><title>x</title></head><body></body></html>'
    const out = withPreloads(html, { scripts: ['/assets/a.js'], styles: ['/assets/b.css'] })
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">')
    expect(out).toContain('<link rel="preload" as="style" crossorigin href="/assets/b.css">')
    expect(out.indexOf('/assets/b.css')).toBeLessThan(out.indexOf('</head>'))
    expect(withPreloads(html, { scripts: [], styles: [] })).toBe(html)
    expect(withPreloads('<p>no head</p>', { scripts: ['/assets/a.js'], styles: [] })).toBe('<p>no head</p>')
  })
})
