import type { Translation } from '../i18n-types'
import firstLoad from './first-load.js'
import later from './later.js'
import server from './server.js'

/** Français (fr store view): vous, French typographic spacing before ! ? : */
const fr = {
  ...firstLoad,
  ...later,
  ...server,
  account: { ...firstLoad.account, ...later.account },
  messages: { ...firstLoad.messages, ...later.messages },
  footer: { ...firstLoad.footer, ...later.footer },
} satisfies Translation

export default fr
