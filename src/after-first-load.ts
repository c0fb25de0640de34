/**
 * Work that must not compete with the first page's own downloads (it would delay LCP): run once the
 * document has loaded and `after` has settled (the data worker's start: its script, then its first
 * requests). A failed `after` still lets it run: a worker that did not start must not keep the
 * offline warm-up or the service worker away.
 */
export function afterFirstLoad(after: Promise<unknown>, run: () => void): void {
  const whenLoaded = () => {
    if (document.readyState === 'complete') run()
    else window.addEventListener('load', run, { once: true })
  }
  void after.then(whenLoaded, whenLoaded)
}
