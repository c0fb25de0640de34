/**
 * The consent banner and the tag manager (src/consent/consent-root.tsx) on the checkout's pages,
 * whose minimal layout has no footer (on every other page the footer's chunk brings them,
 * src/components/footer-blocks.tsx). Fetched once the first load has ended, as the footer is: the
 * shell's own chunk carries none of it.
 */
import { withLaterWords } from '../dictionary'
import { useLaterModule } from '../ui/later-module'

const loadConsent = () => withLaterWords(import('./consent-root'), ['consent'])

export function LazyConsent() {
  const chunk = useLaterModule(loadConsent)
  return chunk ? <chunk.ConsentRoot /> : null
}
