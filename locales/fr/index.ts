import type { Translation } from '../i18n-types'
import firstLoad from './first-load.js'
import later from './later.js'

/** Français (fr store view): vous, French typographic spacing before ! ? : */
const fr = { ...firstLoad, ...later } satisfies Translation

export default fr
