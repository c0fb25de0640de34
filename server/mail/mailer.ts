/**
 * The server's one way out for mail (nodemailer). With SMTP_URL, mails go to that server. Without
 * it, to the outbox: nodemailer's JSON transport builds the message, and we write it as one file per
 * mail in the outbox directory (`$DATA_DIR/outbox` by default), named by time and a key, so a
 * developer can read what the shop sent without a mail server.
 *
 * What may fail: the SMTP server refuses or cannot be reached, the outbox cannot be written. Both
 * throw MailSendError; the caller records it and retries later.
 */
import { randomUUID } from 'node:crypto'
import { link, mkdir, unlink, writeFile } from 'node:fs/promises'
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
  /**
   * This mail's own identity, for a mail that must reach its reader once although it may be sent
   * again (a process died between sending it and recording it): the outbox keeps one file of it,
   * and SMTP sends it with a Message-ID made of it, by which receivers drop the second.
   */
  once?: string
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

const domainOf = (from: string) => /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'polder.example'

/** Connection, greeting and socket time-outs: a send finishes or fails well within a mail claim's staleness. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

export function createMailer(config: MailConfig): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    return {
      kind: 'smtp',
      async send(mail) {
        try {
          const info = await transport.sendMail({
            from: config.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(mail.once ? { messageId: `<${safe(mail.once)}@${domainOf(config.from)}>` } : {}),
          })
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
        // a mail sent once is named by its identity alone, so sending it again finds it there
        const file = join(
          config.outboxDir,
          mail.once ? `once-${safe(mail.once)}.json` : `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe(mail.key)}.json`,
        )
        // written aside, then linked under its name: a reader never sees half a mail, and a second
        // link of the same name fails (a mail sent once stays one file)
        const aside = `${file}.${process.pid}.${randomUUID()}.tmp`
        await writeFile(aside, info.message, { flag: 'wx' })
        try {
          await link(aside, file)
        } catch (err) {
          if (!(mail.once && (err as NodeJS.ErrnoException).code === 'EEXIST')) throw err
        } finally {
          await unlink(aside).catch(() => undefined)
        }
        return { messageId: info.messageId, file }
      } catch (err) {
        throw new MailSendError(`The outbox could not take "${mail.subject}": ${err instanceof Error ? err.message : String(err)}`)
      }
    },
    close: () => transport.close(),
  }
}
