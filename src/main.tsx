/**
 * The page's first script: the shell's style sheets, then the app (src/app.tsx) once the browser has
 * painted what the server wrote into #root (server/http/first-paint-html.ts: the page's frame and
 * first pictures from the HTML alone). Then, and not before, the app's files are asked for,
 * all at once (the HTML names them: domain/first-screen APP_FILES_ELEMENT_ID): until that paint, the
 * style sheet and the first pictures have the phone's link to themselves, and no script holds it.
 * A page without a first paint (an account page, the offline shell) starts the app at once.
 */
import { APP_FILES_ELEMENT_ID, parseAppFiles } from '../domain/app-files'
import './styles.css'
import './components/price.css'
import './styles/home-head.css'
import './components/category-menu.css'
import './components/lists.css'
import './components/search-panel.css'
import './components/modal-dialog.css'
import './components/offline-orders-dialog.css'

/** Resolves once the next frame is on screen (at once in a hidden tab, which paints nothing until it is shown). */
function afterNextFrame(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve()
  // the second frame's callback: the first one has been presented by then
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))))
}

// A page chunk of an older release is gone after an update (the service worker took over and the
// server has the new files): load the new release once instead of failing the navigation.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'polder:reloaded-for-chunk'
  // offline a reload cannot help: the page's error component says the page is not on this device
  if (!navigator.onLine || sessionStorage.getItem(key) === location.href) return
  event.preventDefault()
  sessionStorage.setItem(key, location.href)
  location.reload()
})

/** The files the HTML names for the app's first render, asked for side by side (the browser's preload cache keeps them for the imports). */
function preloadAppFiles(): void {
  const files = parseAppFiles(document.getElementById(APP_FILES_ELEMENT_ID)?.textContent)
  const link = (rel: string, href: string, as?: string) => {
    const element = document.createElement('link')
    element.rel = rel
    element.href = href
    element.crossOrigin = ''
    if (as) element.as = as
    document.head.append(element)
  }
  for (const href of files.scripts) link('modulepreload', href)
  for (const href of files.styles) link('preload', href, 'style')
}

/** How long the app waits at most for the first paint's pictures (a slow picture does not hold it longer). */
const PICTURES_WAIT_MS = 2000

/**
 * The first paint's pictures on screen: loaded and decoded (or failed), then painted. They are the
 * page's largest content (LCP): asked for before the app's files, they come first.
 */
async function firstPaintShown(root: HTMLElement): Promise<void> {
  const pictures = Promise.allSettled([...root.querySelectorAll('img')].map((img) => img.decode()))
  await Promise.race([pictures, new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS))])
  await afterNextFrame()
}

const root = document.getElementById('root')
const painted = root?.firstElementChild ? firstPaintShown(root) : Promise.resolve()
void painted.then(() => {
  preloadAppFiles()
  return import('./app')
})
