/**
 * zod without code generation in the browser. The Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') forbids it anyway, and zod's probe for it (`new Function('')`) is reported as a
 * policy violation on every page. Imported first by the data worker; the page's main thread ships
 * without zod (eslint forbids it in src/); the server keeps zod's faster generated parsers.
 */
import { z } from 'zod'

z.config({ jitless: true })
