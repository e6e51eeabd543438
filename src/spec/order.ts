import { z } from 'zod'
import { heldId } from './int64.ts'

/**
 * The status of a store order. The spec shows no payload for orders; the
 * mock models the classic petstore Order.
 *
 * @example
 * OrderStatus.parse('placed')
 */
export const OrderStatus = z
  .enum(['placed', 'approved', 'delivered'])
  .meta({ id: 'OrderStatus', description: 'Status of a store order.' })

/**
 * A valid `OrderStatus`: the type of the schema of the same name.
 *
 * @example
 * const status: OrderStatus = 'placed'
 */
export type OrderStatus = z.infer<typeof OrderStatus>

/**
 * A store order.
 *
 * @example
 * Order.parse({
 *   id: 1,
 *   petId: 3,
 *   quantity: 1,
 *   shipDate: '2026-03-01T10:00:00.000Z',
 *   status: 'placed',
 *   complete: false,
 * })
 */
export const Order = z
  .object({
    id: heldId,
    petId: heldId,
    quantity: z.int().min(1),
    shipDate: z.iso.datetime(),
    status: OrderStatus,
    complete: z.boolean(),
  })
  .meta({ id: 'Order', description: 'A store order for a pet.' })

/**
 * A valid `Order`: the type of the schema of the same name.
 *
 * @example
 * const [order]: Array<Order> = await (await fetch(`${base}/v1/store/orders`, { headers })).json()
 */
export type Order = z.infer<typeof Order>

/**
 * The response body of `listOrders`.
 *
 * @example
 * Orders.parse([])
 */
export const Orders = z.array(Order).meta({ id: 'Orders', description: 'A list of orders.' })
