import { describe, expect, it } from 'vitest'
import { LIST_LIMIT as LIMIT } from '../../spec/limits.ts'
import { Order, OrderStatus, Orders } from '../../spec/order.ts'
import { AUTH, expectError, useTransports } from '../../test-utils/use-transports.ts'

describe.each(useTransports({ orders: 60 }))('GET /v1/store/orders ($name)', (transport) => {
  const list = async (query = '') => {
    const response = await transport.send('GET', `/v1/store/orders${query}`, { headers: AUTH })
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    const orders = response.json<Array<unknown>>()
    for (const order of orders) Order.parse(order)
    return Orders.parse(orders)
  }

  it('returns orders of the Order shape, ordered by id, 20 by default', async () => {
    const orders = await list()
    expect(orders).toHaveLength(LIMIT.default)
    expect(orders.map((order) => order.id)).toEqual(
      Array.from({ length: LIMIT.default }, (_, index) => index + 1),
    )
  })

  it('names an existing pet in every order', async () => {
    const orders = await list(`?limit=${LIMIT.max}`)
    expect(orders).toHaveLength(60)
    for (const order of orders) {
      const response = await transport.send('GET', `/v1/pets/${order.petId}`, { headers: AUTH })
      expect(response.status).toBe(200)
    }
  })

  it.each(OrderStatus.options)('filters by status=%s exactly', async (status) => {
    const orders = await list(`?status=${status}&limit=${LIMIT.max}`)
    expect(orders.length).toBeGreaterThan(0)
    expect(orders.every((order) => order.status === status)).toBe(true)
  })

  it('honours limit', async () => {
    expect(await list('?limit=3')).toHaveLength(3)
  })

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'limit=', 'status=available'])(
    'answers 400 for %s',
    async (query) => {
      const response = await transport.send('GET', `/v1/store/orders?${query}`, { headers: AUTH })
      const name = query.split('=')[0] ?? ''
      expect(expectError(response, 400, 'invalid_request').message).toContain(`"${name}"`)
    },
  )
})
