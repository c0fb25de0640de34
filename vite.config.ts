import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// The API server (server/main.ts) listens on 3000 and also serves the built app; in development the
// Vite server forwards the API and the resized images to it so the page stays same-origin.
const API_TARGET = process.env.POLDER_API_TARGET ?? 'http://localhost:3000'
// Point the built app at another vue-storefront-api compatible back end (README: API_BASE_URL).
const API_BASE_URL = process.env.VITE_API_BASE_URL ?? process.env.API_BASE_URL ?? ''

/**
 * Every text file of the build also as .br (quality 11) and .gz (level 9) beside it, once at build
 * time: the server sends the variant the browser accepts (server/routes/static.ts) instead of
 * compressing the same files on every request. Runs after the service worker is written.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
  const br = promisify(brotliCompress)
  const gz = promisify(gzip)
  async function filesIn(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true })
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesIn(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))))
    return nested.flat()
  }
  let outDir = ''
  return {
    name: 'polder-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // every size: a page's small chunks (under 1 kB, a dozen on some pages) went out as they were, at
        // twice their brotli size (issue 12); a twin is kept only where it is smaller
        for (const file of (await filesIn(outDir)).filter((f) => COMPRESSIBLE.test(f))) {
          const content = await readFile(file)
          const twins = {
            br: await br(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
            gz: await gz(content, { level: 9 }),
          }
          for (const [suffix, twin] of Object.entries(twins)) if (twin.length < content.length) await writeFile(`${file}.${suffix}`, twin)
        }
      },
    },
  }
}

/**
 * The modules the app (src/app.tsx) imports statically, without those index.html's own script
 * imports (they load before the first paint, in its chunk): read from the module graph when the
 * build has it, for the `app` chunk group below.
 *
 * Rolldown's automatic chunking puts a module that the app and some pages both import into a
 * chunk of its own, though every page imports the app's chunk anyway: a first load fetched the app
 * as 15 chunks (25.2 kB brotli), where one chunk of the same modules is 20.7 kB (issue 12).
 */
const appModules = new Set<string>()
/**
 * Modules the app does not import but most shopping pages do (a price, a product's picture and tile,
 * the breadcrumbs, the list toggles and commands, the cart command): one 'catalogue' chunk, not a
 * small chunk of each beside every page, each with its own imports of the app's names (a product
 * page's first load is smaller so; the cart page's a little larger, within its budget).
 */
const CATALOGUE_MODULES =
  /[\\/](src[\\/](components[\\/](price|product-image|breadcrumbs|list-toggles|server-trouble|product-tile)\.tsx|ui[\\/](slow|cart-command)\.ts|data[\\/]use-list-commands\.ts)|domain[\\/](images|category-trail)\.ts)$/
function appGraph(): Plugin {
  const staticClosure = (from: string, info: (id: string) => { importedIds: readonly string[] } | null): Set<string> => {
    const seen = new Set<string>()
    const stack = [from]
    while (stack.length > 0) {
      const id = stack.pop()!
      if (seen.has(id)) continue
      seen.add(id)
      stack.push(...(info(id)?.importedIds ?? []))
    }
    return seen
  }
  return {
    name: 'polder-app-graph',
    apply: 'build',
    buildEnd() {
      appModules.clear()
      const ids = [...this.getModuleIds()]
      const app = ids.find((id) => id.endsWith('/src/app.tsx'))
      const main = ids.find((id) => id.endsWith('/src/main.tsx'))
      if (!app || !main) return
      const info = (id: string) => this.getModuleInfo(id)
      const beforePaint = staticClosure(main, info)
      for (const id of staticClosure(app, info)) if (!beforePaint.has(id)) appModules.add(id)
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    appGraph(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'service-worker.ts',
      // src/sw-register.ts registers it (update and error logging)
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt'],
      manifest: {
        name: 'Polder',
        short_name: 'Polder',
        description: 'Polder — an offline-first shop for Belgium and the Netherlands.',
        start_url: '/en/',
        scope: '/',
        display: 'standalone',
        theme_color: '#14532d',
        background_color: '#f7f7f2',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // the data worker chunk (RxDB + Dexie + replication) is large and must be in the app shell
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        rollupFormat: 'iife',
      },
      devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
    }),
    precompress(),
  ],
  define: {
    'import.meta.env.VITE_API_BASE_URL': JSON.stringify(API_BASE_URL),
    'import.meta.env.VITE_URL_DISPATCHER': JSON.stringify(process.env.VITE_URL_DISPATCHER ?? 'false'),
  },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/img': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // .vite/manifest.json: which files each page's chunk and each dictionary need, for the
    // modulepreload links the server writes into a page load's HTML (server/http/page-preloads.ts)
    manifest: true,
    // every browser the shop supports knows modulepreload: no polyfill in index.html's first script
    modulePreload: {
      polyfill: false,
      // A lazily loaded chunk is fetched beside its style sheets (Vite adds them whatever this
      // answers), not after them; the scripts it imports are not listed: the app chunk would carry
      // every lazy chunk's imports' file names, on every first load, while the service worker's
      // precache and the offline warm-up hold those chunks seconds after the first page (the page a
      // visit lands on gets its imports from the server's modulepreload links, server/http/page-preloads.ts).
      resolveDependencies: (file, deps) => deps.filter((dep) => dep === file),
    },
    rolldownOptions: {
      // typesafe-i18n's locale detectors (locales/i18n-util.ts, generated, imports them; the shop reads
      // the store view from the URL) set themselves up at module level: unused, they would still ship
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]typesafe-i18n[\\/]detectors[\\/]/, sideEffects: false }] },
      output: {
        // Seven characters of content hash, the fewest the bundler allows for this many chunks: every
        // chunk names the files it imports, the app chunk the pages it opens.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // The framework in a chunk of its own: it changes only with an upgrade, so a returning
        // shopper's browser keeps it across our releases and fetches only the app's chunk again.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // everything the app imports statically, in its own chunk (see appGraph); and the e-mail
              // address rule, which the product page, the checkout and the account pages all use: a
              // chunk of its own would cost each of them a request and its wrapping
              name: 'app',
              test: (id: string) => appModules.has(id) || /[\\/]domain[\\/]email-address\.ts$/.test(id),
              priority: 1,
            },
            {
              // a product's and a cart line's parts: its frame, the quantity field, the options and their
              // rules, shared by the product page, its light view and panels, and the microcart
              name: 'product-parts',
              test: /[\\/](src[\\/]routes[\\/]product[\\/](product-frame|qty-field|product-options)\.tsx|domain[\\/](option-price|cart-line-options|variant|tax|cart-item)\.ts)$/,
              priority: 1,
            },
            {
              name: 'catalogue',
              test: CATALOGUE_MODULES,
              priority: 1,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            {
              // the product grid's virtualiser, fetched after the first load (src/routes/catalog/grid-window.ts)
              name: 'virtualizer',
              test: /node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
})
