import type { Translation } from '../i18n-types'
import firstLoad from './first-load.js'
import later from './later.js'
import server from './server.js'

/** Nederlands (nl and be store views): informal je/jij, as Dutch webshops write. */
const nl = {
  ...firstLoad,
  ...later,
  ...server,
  account: { ...firstLoad.account, ...later.account },
  messages: { ...firstLoad.messages, ...later.messages },
  footer: { ...firstLoad.footer, ...later.footer },
} satisfies Translation

export default nl
