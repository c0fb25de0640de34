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
  orders: { ...firstLoad.orders, ...later.orders },
} satisfies Translation

export default fr
