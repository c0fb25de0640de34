/**
 * The server's one way out for mail (nodemailer). With SMTP_URL, mails go to that server. Without
 * it, to the outbox: nodemailer's JSON transport builds the message, and we write it as one file per
 * mail in the outbox directory (`$DATA_DIR/outbox` by default), named by time and a key, so a
 * developer can read what the shop sent without a mail server.
 *
 * What may fail: the SMTP server refuses or cannot be reached, the outbox cannot be written. Both
 * throw MailSendError; the caller records it and retries later.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { MailConfig } from '../config'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** names the outbox file; letters, digits, dashes */
  key: string
}

export interface SentMail {
  messageId: string
  /** the outbox file, when written there */
  file?: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(mail: OutgoingMail): Promise<SentMail>
  close(): void
}

export class MailSendError extends Error {
  override name = 'MailSendError'
}

const safe = (key: string) => key.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 80)

export function createMailer(config: MailConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        try {
          const info = await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
          return { messageId: info.messageId }
        } catch (err) {
          throw new MailSendError(`SMTP could not send "${mail.subject}": ${err instanceof Error ? err.message : String(err)}`)
        }
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ jsonTransport: true })
  return {
    kind: 'outbox',
    async send(mail) {
      try {
        const info = await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        await mkdir(config.outboxDir, { recursive: true })
        const file = join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe(mail.key)}.json`)
        await writeFile(file, info.message, { flag: 'wx' })
        return { messageId: info.messageId, file }
      } catch (err) {
        throw new MailSendError(`The outbox could not take "${mail.subject}": ${err instanceof Error ? err.message : String(err)}`)
      }
    },
    close: () => transport.close(),
  }
}
