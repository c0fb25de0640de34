/**
 * Social login links (migration 15): which provider account (provider + subject) logs in to which
 * customer. UNIQUE(provider, subject) decides a race of two links of one provider account: the
 * second insert finds the row and gets the customer it belongs to.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

export interface SocialLinkRow {
  id: number
  customer_id: number
  provider: string
  subject: string
  email: string | null
  created_at: string
}

const COLUMNS = sql.raw('id, customer_id, provider, subject, email, created_at')
const toLink = (r: SocialLinkRow): SocialLinkRow => ({ ...r, id: Number(r.id), customer_id: Number(r.customer_id) })

export function createSocialLinkRepository(db: Db) {
  return {
    async find(provider: string, subject: string): Promise<SocialLinkRow | null> {
      const rows = await db.query<SocialLinkRow>(sql`SELECT ${COLUMNS} FROM social_links WHERE provider = ${provider} AND subject = ${subject}`)
      return rows[0] ? toLink(rows[0]) : null
    },
    /** The link of this provider account: the new one, or the one it already had (maybe another customer's). */
    async insert(link: { customerId: number; provider: string; subject: string; email: string | null }, now: string): Promise<SocialLinkRow> {
      const rows = await db.query<SocialLinkRow>(sql`
        INSERT INTO social_links (customer_id, provider, subject, email, created_at)
        VALUES (${link.customerId}, ${link.provider}, ${link.subject}, ${link.email}, ${now})
        ON CONFLICT (provider, subject) DO NOTHING
        RETURNING ${COLUMNS}`)
      if (rows[0]) return toLink(rows[0])
      return (await this.find(link.provider, link.subject))!
    },
    async listForCustomer(customerId: number): Promise<SocialLinkRow[]> {
      const rows = await db.query<SocialLinkRow>(sql`SELECT ${COLUMNS} FROM social_links WHERE customer_id = ${customerId} ORDER BY id`)
      return rows.map(toLink)
    },
    /** Whether the customer had a link with this id (it is gone now). */
    async delete(customerId: number, id: number): Promise<boolean> {
      const rows = await db.query(sql`DELETE FROM social_links WHERE id = ${id} AND customer_id = ${customerId} RETURNING id`)
      return rows.length > 0
    },
    async deleteForCustomer(customerId: number): Promise<void> {
      await db.query(sql`DELETE FROM social_links WHERE customer_id = ${customerId}`)
    },
  }
}
export type SocialLinkRepository = ReturnType<typeof createSocialLinkRepository>
