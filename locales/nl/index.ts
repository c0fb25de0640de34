import type { Translation } from '../i18n-types'
import firstLoad from './first-load.js'
import later from './later.js'

/** Nederlands (nl and be store views): informal je/jij, as Dutch webshops write. */
const nl = { ...firstLoad, ...later } satisfies Translation

export default nl
