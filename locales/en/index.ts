import type { BaseTranslation } from '../i18n-types'
import firstLoad from './first-load.js'
import later from './later.js'
import server from './server.js'

/** English, the base dictionary. Message texts (messages.*) are the spec's, word for word (§8). */
const en = {
  ...firstLoad,
  ...later,
  ...server,
  account: { ...firstLoad.account, ...later.account },
  messages: { ...firstLoad.messages, ...later.messages },
  footer: { ...firstLoad.footer, ...later.footer },
} satisfies BaseTranslation

export default en
