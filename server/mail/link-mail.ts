/**
 * The layout the account and newsletter mails share: paragraphs of lines, one of them a link, as
 * plain text (paragraphs apart by a blank line, the link on its own line) and as HTML (a <p> each,
 * lines apart by <br>, the link an anchor), in the store view's language. Pure: no I/O.
 */
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { escapeHtml as e } from '../payments/payment-words'

export interface MailContent {
  subject: string
  text: string
  html: string
}

/** A line of a paragraph: words, or a link shown as its own address. */
export type MailLine = string | { link: string }

export function linkMail(store: StoreCode, subject: string, paragraphs: readonly (readonly MailLine[])[]): MailContent {
  const plain = (line: MailLine) => (typeof line === 'string' ? line : line.link)
  const html = (line: MailLine) => (typeof line === 'string' ? e(line) : `<a href="${e(line.link)}">${e(line.link)}</a>`)
  return {
    subject,
    text: [
      ...paragraphs
        .map((p) => p.map(plain).join('\n'))
        .join('\n\n')
        .split('\n'),
      '',
    ].join('\n'),
    html: `<!doctype html>
<html lang="${e(STORE_VIEWS[store].htmlLang)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body>
${paragraphs.map((p) => `<p>${p.map(html).join('<br>')}</p>`).join('\n')}
</body></html>
`,
  }
}
