/**
 * The shell of the server's own small HTML pages, outside the app: the payment sandbox's hosted
 * page, the social login stand-in's sign-in page and the newsletter confirmation pages. No script
 * and no inline style (the shop's Content-Security-Policy allows neither), never indexed. `main` is
 * HTML already escaped by the caller; `lang` and `title` are escaped here.
 */
import { escapeHtml } from './page-head-html'

export function plainPage(lang: string, title: string, main: string, options: { refreshSeconds?: number } = {}): string {
  // a page that waits for the shop reloads itself with a meta refresh: no script needed
  const refresh = options.refreshSeconds === undefined ? '' : `<meta http-equiv="refresh" content="${Math.round(options.refreshSeconds)}">\n`
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
${refresh}<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`
}
