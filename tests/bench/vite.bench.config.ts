import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the bench page into dist/__bench (run.ts: <its dist>/__bench), next to the app, so the real server serves it from the
// same origin as the API (the data worker calls the API relative to the page origin).
const root = fileURLToPath(new URL('./page', import.meta.url))
export default defineConfig({
  root,
  base: '/__bench/',
  worker: { format: 'es' },
  build: { outDir: fileURLToPath(new URL('../../dist/__bench', import.meta.url)), emptyOutDir: true },
})
