/**
 * The `cms` collection's records: feed documents read into records, pulled stubs that keep a
 * visited page's HTML only while it is the same version, tombstones, and a page's place in the
 * content hierarchy.
 */
import { describe, expect, it, vi } from 'vitest'
import type { ReplicatedDocument } from '../../domain/api/replication.schema'
import { breadcrumbsOf } from '../../workers/content/content-module'
import { answerAsFeedDocument, toContentRecord, type ContentDoc } from '../../workers/content/content-record'
import { ContentWriteError, storeFetched, writeContent } from '../../workers/content/content-store'
import { useMemoryDatabases } from './worker-harness'

const openDb = useMemoryDatabases('polder-content')

const stub = (updatedAt: string, extra: Record<string, unknown> = {}): ReplicatedDocument => ({
  id: 'page-5',
  kind: 'page',
  entity_id: 5,
  identifier: 'shipping',
  title: 'Shipping',
  meta_title: 'Shipping costs',
  updated_at: updatedAt,
  _deleted: false,
  ...extra,
})

const T1 = '2026-07-01T08:00:00.000Z'
const T2 = '2026-07-02T08:00:00.000Z'

describe('content records', () => {
  it('reads a feed document: own fields beside the body, has_content from the HTML, unreadable ones dropped', () => {
    expect(toContentRecord(stub(T1))).toEqual({
      id: 'page-5',
      kind: 'page',
      entity_id: 5,
      identifier: 'shipping',
      title: 'Shipping',
      updated_at: T1,
      has_content: false,
      body: { meta_title: 'Shipping costs' },
      _deleted: false,
    })
    expect(toContentRecord(stub(T1, { content: '<p>x</p>' }))?.has_content).toBe(true)
    expect(toContentRecord(stub(T1, { id: '5' }))).toBeNull()
    expect(answerAsFeedDocument('page', 'shipping', { id: 5, identifier: 'shipping', title: 'Shipping', content: '<p>x</p>', updated_at: T1 })).toMatchObject({
      id: 'page-5',
      kind: 'page',
      entity_id: 5,
    })
  })

  it('keeps a fetched page’s HTML under a stub of its version, drops it under a newer one, removes a tombstone', async () => {
    const db = await openDb()
    await writeContent(db.cms, [toContentRecord(stub(T1))])
    await storeFetched(db.cms, toContentRecord(stub(T1, { content: '<p>Free over 50</p>' }))!)
    // the same stub again (a RESYNC): the HTML stays
    await writeContent(db.cms, [toContentRecord(stub(T1))])
    let doc = (await db.cms.findOne('page-5').exec())?.toJSON() as ContentDoc
    expect([doc.has_content, doc.body.content]).toEqual([true, '<p>Free over 50</p>'])
    // a newer version: the old HTML must not pass for it
    await writeContent(db.cms, [toContentRecord(stub(T2, { title: 'Delivery' }))])
    doc = (await db.cms.findOne('page-5').exec())?.toJSON() as ContentDoc
    expect([doc.has_content, doc.body.content, doc.title]).toEqual([false, undefined, 'Delivery'])
    // an older fetched answer does not replace a newer stored page
    await storeFetched(db.cms, toContentRecord(stub(T2, { content: '<p>new</p>' }))!)
    await storeFetched(db.cms, toContentRecord(stub(T1, { content: '<p>old</p>' }))!)
    doc = (await db.cms.findOne('page-5').exec())?.toJSON() as ContentDoc
    expect(doc.body.content).toBe('<p>new</p>')
    await writeContent(db.cms, [toContentRecord(stub(T2, { _deleted: true }))])
    expect(await db.cms.findOne('page-5').exec()).toBeNull()
  })

  it('keeps a newer stub over a fetched answer of an older version, in either order', async () => {
    const db = await openDb()
    const read = async () => (await db.cms.findOne('page-5').exec())?.toJSON() as ContentDoc
    await writeContent(db.cms, [toContentRecord(stub(T1))])
    // the fetch of T1 is on its way when the stream brings T2 without its HTML
    await writeContent(db.cms, [toContentRecord(stub(T2, { title: 'Delivery' }))])
    await storeFetched(db.cms, toContentRecord(stub(T1, { content: '<p>old</p>' }))!)
    let doc = await read()
    expect([doc.updated_at, doc.has_content, doc.title]).toEqual([T2, false, 'Delivery'])
    // the answer first, the stub after: the stub replaces the old HTML
    await storeFetched(db.cms, toContentRecord(stub(T2, { content: '<p>new</p>' }))!)
    await writeContent(db.cms, [toContentRecord(stub('2026-07-03T08:00:00.000Z'))])
    doc = await read()
    expect([doc.has_content, doc.body.content]).toEqual([false, undefined])
  })

  it('does not bring back a removed page with a fetched answer that lands after the tombstone', async () => {
    const db = await openDb()
    const T3 = '2026-07-03T08:00:00.000Z'
    const read = async () => (await db.cms.findOne('page-5').exec())?.toJSON() as ContentDoc | undefined
    await writeContent(db.cms, [toContentRecord(stub(T1))])
    await writeContent(db.cms, [toContentRecord(stub(T2, { _deleted: true }))])
    await storeFetched(db.cms, toContentRecord(stub(T1, { content: '<p>old</p>' }))!)
    expect(await read()).toBeUndefined()
    // a page this device never held, removed while its fetch was on its way
    await writeContent(db.cms, [toContentRecord(stub(T2, { id: 'page-6', entity_id: 6, identifier: 'returns', _deleted: true }))])
    await storeFetched(db.cms, toContentRecord(stub(T2, { id: 'page-6', entity_id: 6, identifier: 'returns', content: '<p>x</p>' }))!)
    expect(await db.cms.findOne('page-6').exec()).toBeNull()
    // the page made again later comes back, fetched or pulled
    await storeFetched(db.cms, toContentRecord(stub(T3, { content: '<p>again</p>' }))!)
    expect((await read())?.body.content).toBe('<p>again</p>')
    await writeContent(db.cms, [toContentRecord(stub(T3, { id: 'page-6', entity_id: 6, identifier: 'returns' }))])
    expect((await db.cms.findOne('page-6').exec())?.updated_at).toBe(T3)
  })

  it('merges an insert that meets a document written meanwhile, and fails on any other write error', async () => {
    const db = await openDb()
    const insert = db.cms.bulkInsert.bind(db.cms)
    // a fetch stores the page whole between the read and the insert of a pull of its stub
    const spy = vi.spyOn(db.cms, 'bulkInsert').mockImplementationOnce(async (docs) => {
      await storeFetched(db.cms, toContentRecord(stub(T1, { content: '<p>fetched</p>' }))!)
      return insert(docs)
    })
    await writeContent(db.cms, [toContentRecord(stub(T1, { title: 'Delivery' }))])
    const doc = (await db.cms.findOne('page-5').exec())?.toJSON() as ContentDoc
    expect([doc.title, doc.body.content]).toEqual(['Delivery', '<p>fetched</p>'])
    spy.mockImplementationOnce(
      async () =>
        ({
          success: [],
          error: [{ isError: true, status: 422, documentId: 'page-6', writeRow: { document: {} }, validationErrors: [] }],
        }) as never,
    )
    await expect(writeContent(db.cms, [toContentRecord(stub(T1, { id: 'page-6', entity_id: 6 }))])).rejects.toThrow(ContentWriteError)
  })

  it('finds a page’s place in the hierarchy, top first, a node without a page left unlinked', () => {
    const record = (doc: ReplicatedDocument) => {
      const { _deleted: _, ...r } = toContentRecord(doc)!
      return r
    }
    const node = (id: number, parent: number | null, page: number | null, title: string) =>
      record({
        id: `hierarchy-${id}`,
        kind: 'hierarchy',
        entity_id: id,
        parent_id: parent,
        page_id: page,
        identifier: `n${id}`,
        title,
        level: id,
        updated_at: T1,
        _deleted: false,
      })
    const page = (id: number, identifier: string) =>
      record({ id: `page-${id}`, kind: 'page', entity_id: id, identifier, title: identifier, updated_at: T1, _deleted: false })
    const pages = [page(1, 'customer-service'), page(5, 'shipping')]
    const nodes = [node(1, null, null, 'Help'), node(2, 1, 1, 'Customer service'), node(3, 2, 5, 'Shipping')]
    expect(breadcrumbsOf(pages[1]!, nodes, pages)).toEqual([
      { title: 'Help', identifier: null },
      { title: 'Customer service', identifier: 'customer-service' },
    ])
    expect(breadcrumbsOf(page(9, 'other'), nodes, pages)).toEqual([])
  })
})
