/**
 * The customer's address book (spec §3 "Address", §4 "Address save, update, delete", §7 "Address
 * book"). The book lives in the `user` session record beside the profile, as the server
 * last answered it, so the page lists it offline. A change made online is sent at once (PUT one
 * address, or DELETE one) and the server's book replaces the stored one. A change made offline is
 * stored as a pending change and queued as a sync task carrying {{token}}: the list shows it at once,
 * marked pending, and the task's answer replaces it with the server's book (a refused one is dropped);
 * the shopper is told the answer (saved, deleted, or that it failed) wherever they are by then.
 * A new address waiting to be sent has no id yet, so it cannot be edited or removed until it has one:
 * a second PUT would create it twice. Each save carries its own Idempotency-Key (domain/api/address-book),
 * so the queue's resend of a task whose answer was lost adds nothing on the server; a delete resent
 * that way meets a 404, and the address is gone all the same.
 */
import { checkAddress, checkRequired, streetLines } from '../../domain/address'
import { CustomerSchema, type AddressInputWire } from '../../domain/api/user.schema'
import type { MessageKey, Notification } from '../../domain/notifications'
import type { ApiClient } from '../../replication/api-client'
import type { NewSyncTask, SyncTask } from '../../replication/sync-task'
import type { AccountCommand, AccountResult, AddressBookEntry, AddressForm } from '../contract/account'
import type { AccountRecord } from './account-record'
import { bookEntries, type PendingAddressChange } from './address-entries'

export const ADDRESS_SAVED_EVENT = 'user:address-saved'
export const ADDRESS_DELETED_EVENT = 'user:address-deleted'

/**
 * The form checked by the BE/NL rules of domain/address and normalised, or null when a field is
 * refused (the page checks first and names the field; this keeps a bad address from the server).
 */
export function checkedAddress(form: AddressForm): AddressForm | null {
  const { problems, normalised } = checkAddress({ ...form })
  const first = checkRequired(form.firstname, 255)
  const last = checkRequired(form.lastname, 255)
  if (Object.keys(problems).length > 0 || !first.ok || !last.ok) return null
  return { ...form, ...normalised, addition: normalised.addition ?? '', vatId: normalised.vatId ?? '', firstname: first.value, lastname: last.value }
}

/** The address as the back end takes it (spec §3): company and vat_id left out when both are empty (§5). */
export function toAddressBody(form: AddressForm, id: number | null): AddressInputWire {
  const company = form.company.trim()
  const vatId = form.vatId.trim()
  return {
    ...(id !== null ? { id } : {}),
    firstname: form.firstname,
    lastname: form.lastname,
    ...(company || vatId ? { company, vat_id: vatId } : {}),
    street: streetLines(form),
    city: form.city,
    postcode: form.postcode,
    region: null,
    country_id: form.country,
    telephone: form.telephone,
    default_shipping: form.defaultShipping,
    default_billing: form.defaultBilling,
  }
}

export interface AddressBookHost {
  record(): AccountRecord
  write(record: AccountRecord): Promise<void>
  api(): ApiClient
  isOnline(): boolean
  token(): string | null
  enqueueTask?: (task: NewSyncTask) => Promise<void>
  newId(): string
  say(type: Notification['type'], key: MessageKey, text?: string): Notification[]
}

export class AddressBook {
  constructor(private readonly host: AddressBookHost) {}

  private refused(key: MessageKey, text?: string): AccountResult {
    return { ok: false, error: 'serverError', notifications: this.host.say('error', key, text) }
  }

  private entries(): AddressBookEntry[] {
    const record = this.host.record()
    return bookEntries(record.customer?.addresses ?? [], record.pendingAddresses ?? [])
  }

  /** The entry a command's key names, as the page last saw it. */
  private entry(key: string | undefined): AddressBookEntry | undefined {
    return key === undefined ? undefined : this.entries().find((e) => e.key === key)
  }

  async save(command: Extract<AccountCommand, { type: 'saveAddress' }>): Promise<AccountResult> {
    const customer = this.host.record().customer
    // spec §5: "You must have to login"; "Address Id missing" for an update of nothing
    if (!this.host.token() || !customer) return { ok: false, error: 'notLoggedIn', notifications: [] }
    const existing = this.entry(command.key)
    if (command.key !== undefined && (!existing || existing.id === null)) return this.refused('addressIdMissing')
    const address = checkedAddress(command.address)
    if (!address) return { ok: false, error: 'invalid', notifications: [] }
    const id = existing?.id ?? null
    if (!this.host.isOnline()) return this.queue({ addressId: id, action: 'save', address })
    try {
      const saved = await this.host.api().saveAddress(customer, toAddressBody(address, id), `address-${this.host.newId()}`)
      const record = this.host.record()
      if (record.customer) await this.host.write({ ...record, customer: { ...record.customer, addresses: saved.addresses } })
    } catch (error) {
      console.warn('[account] address not saved', error)
      return this.refused('addressFailed')
    }
    return { ok: true, notifications: this.host.say('success', 'addressSaved') }
  }

  async remove(key: string): Promise<AccountResult> {
    if (!this.host.token() || !this.host.record().customer) return { ok: false, error: 'notLoggedIn', notifications: [] }
    const existing = this.entry(key)
    if (!existing || existing.id === null) return this.refused('addressIdMissing')
    const id = existing.id
    if (!this.host.isOnline()) return this.queue({ addressId: id, action: 'delete' })
    try {
      await this.host.api().deleteAddress(id)
      const record = this.host.record()
      if (record.customer)
        await this.host.write({ ...record, customer: { ...record.customer, addresses: (record.customer.addresses ?? []).filter((a) => a.id !== id) } })
    } catch (error) {
      console.warn('[account] address not deleted', error)
      return this.refused('addressFailed')
    }
    return { ok: true, notifications: this.host.say('success', 'addressDeleted') }
  }

  /** Offline: stored as pending and queued; the list shows it at once. */
  private async queue(change: Omit<PendingAddressChange, 'localId'>): Promise<AccountResult> {
    const customer = this.host.record().customer
    if (!this.host.enqueueTask || !customer) return { ok: false, error: 'offline', notifications: [] }
    const localId = `p-${this.host.newId()}`
    const api = this.host.api()
    const request =
      change.action === 'save'
        ? api.saveAddressTask(customer, toAddressBody(change.address!, change.addressId), `address-${localId}`)
        : api.deleteAddressTask(change.addressId!)
    const event = change.action === 'save' ? ADDRESS_SAVED_EVENT : ADDRESS_DELETED_EVENT
    const task: NewSyncTask = { ...request, callback_event: event, silent: true, meta: { localId } }
    // stored before the task: a task answered at once finds its pending change
    const record = this.host.record()
    await this.host.write({ ...record, pendingAddresses: [...(record.pendingAddresses ?? []), { ...change, localId }] })
    await this.host.enqueueTask(task)
    return { ok: true, notifications: this.host.say('warning', 'addressQueued') }
  }

  /** A queued change was answered: the server's book is kept, the pending change dropped (refused ones too). */
  async taskAnswered(task: SyncTask): Promise<void> {
    if (task.callback_event !== ADDRESS_SAVED_EVENT && task.callback_event !== ADDRESS_DELETED_EVENT) return
    const record = this.host.record()
    if (!this.host.token() || !record.customer) return
    const localId = task.meta?.localId
    const change = (record.pendingAddresses ?? []).find((c) => c.localId === localId)
    const pendingAddresses = (record.pendingAddresses ?? []).filter((c) => c.localId !== localId)
    let addresses = record.customer.addresses ?? []
    // spec §4 "Address save, update, delete": a success notice on 200, else an error (told by the page)
    let told: MessageKey = 'addressFailed'
    if (task.resultCode === 200 && task.callback_event === ADDRESS_SAVED_EVENT) {
      const customer = CustomerSchema.safeParse(task.result)
      if (customer.success) addresses = customer.data.addresses
      else console.warn('[account] unexpected address book answer', customer.error.message)
      told = 'addressSaved'
    } else if ((task.resultCode === 200 || task.resultCode === 404) && change?.addressId != null) {
      // 404: gone already (this delete sent again after its answer was lost, or removed elsewhere)
      addresses = addresses.filter((a) => a.id !== change.addressId)
      told = 'addressDeleted'
    } else if (task.resultCode !== 200) {
      console.warn('[account] a queued address change was refused', task.resultCode, task.result)
    }
    const [notice] = this.host.say(told === 'addressFailed' ? 'error' : 'success', told)
    const addressNotices = [...(record.addressNotices ?? []), { ...notice!, action1: 'ok' as const }]
    await this.host.write({ ...record, pendingAddresses, addressNotices, customer: { ...record.customer, addresses } })
  }

  /** The shopper has been told these answers. */
  async dismissNotices(ids: readonly string[]): Promise<AccountResult> {
    const record = this.host.record()
    const left = (record.addressNotices ?? []).filter((n) => !ids.includes(n.id))
    if (left.length !== (record.addressNotices ?? []).length) await this.host.write({ ...record, addressNotices: left })
    return { ok: true, notifications: [] }
  }
}
