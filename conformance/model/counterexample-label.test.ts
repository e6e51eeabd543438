import { expect, it } from 'vitest'
import { counterexampleLabel } from './counterexample-label.ts'

it('calls a shrunk request a request and a shrunk body a body', () => {
  expect(
    counterexampleLabel('GET /pets?limit=1 {"Authorization":"bearer $PETSTORE_API_KEY"}'),
  ).toBe('minimal failing request')
  expect(counterexampleLabel('POST /pets {"name":"a"}')).toBe('minimal failing request')
  expect(counterexampleLabel('{"name":"GET /pets","categoryId":1}')).toBe('minimal failing body')
  expect(counterexampleLabel('"GET /"')).toBe('minimal failing body')
})
