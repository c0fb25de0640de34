/**
 * One line of a cart moving to another store view (workers/cart/cart-handoff placeHandoffLine): the
 * command it becomes from what the new store view knows of the product, and where it ends.
 */
import { describe, expect, it } from 'vitest'
import type { Notification } from '../../domain/notifications'
import { placeHandoffLine, type HandoffLine, type HandoffProduct } from '../../workers/cart/cart-handoff'
import type { CartCommand } from '../../workers/contract/commands'
import { testProduct } from '../fixtures/catalog'

const plain: HandoffLine = { sku: 'PLD-1', parentSku: 'PLD-1', name: 'Katoenen polo', type_id: 'simple', qty: 2 }
const child: HandoffLine = {
  sku: 'TEE-RED',
  parentSku: 'TEE',
  name: 'Tee rood',
  type_id: 'configurable',
  qty: 1,
  product_option: { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: '50' }] } },
}

function place(line: HandoffLine, known: HandoffProduct, answer: Notification['key'][] = ['productAddedToCart']) {
  const commands: CartCommand[] = []
  const placed = placeHandoffLine(
    {
      product: async () => known,
      apply: async (command) => {
        commands.push(command)
        return answer.map((key, i) => ({ id: String(i), type: 'success', key }))
      },
    },
    line,
  )
  return placed.then((result) => ({ result, commands }))
}

describe('placing a line handed over from another store view', () => {
  it('adds a configurable by its child sku with its options, from the full document', async () => {
    const product = testProduct('TEE', { type_id: 'configurable' })
    const { result, commands } = await place(child, { state: 'full', product })
    expect(result).toBe('added')
    expect(commands).toEqual([{ type: 'add', product, childSku: 'TEE-RED', qty: 1, productOption: child.product_option }])
  })

  it('adds a plain product from its light document, but keeps a line with choices waiting for the full one', async () => {
    expect(await place(plain, { state: 'light' })).toEqual({ result: 'added', commands: [{ type: 'addSku', sku: 'PLD-1', qty: 2 }] })
    expect(await place(child, { state: 'light' })).toEqual({ result: 'wait', commands: [] })
    expect(await place(plain, { state: 'unavailable' })).toEqual({ result: 'wait', commands: [] })
  })

  it('leaves out what the store view does not sell or refuses', async () => {
    expect(await place(plain, { state: 'missing' })).toEqual({ result: 'notSold', commands: [] })
    expect((await place(plain, { state: 'full', product: testProduct('PLD-1', { status: 2 }) })).result).toBe('notSold')
    expect((await place(plain, { state: 'full', product: testProduct('PLD-1') }, ['outOfStock'])).result).toBe('refused')
    expect((await place(plain, { state: 'full', product: testProduct('PLD-1') }, ['stockVolatile', 'productAddedToCart'])).result).toBe('added')
  })
})
