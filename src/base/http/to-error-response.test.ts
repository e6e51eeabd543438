import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../errors/api-error.ts'
import { toErrorResponse } from './to-error-response.ts'

describe('toErrorResponse', () => {
  it('turns an ApiError into its Error body and headers', () => {
    const response = toErrorResponse(
      new ApiError('rate_limited', 'Slow down.', { 'retry-after': '3' }),
    )
    expect(response.status).toBe(429)
    expect(response.headers).toEqual({ 'content-type': 'application/json', 'retry-after': '3' })
    expect(JSON.parse(response.body ?? '')).toEqual({
      code: 'rate_limited',
      message: 'Slow down.',
      status: 429,
    })
  })

  it('answers anything else with a 500 Error body and reports it', () => {
    const onError = vi.fn()
    const failure = new TypeError('boom')
    const response = toErrorResponse(failure, onError)
    expect(onError).toHaveBeenCalledWith(failure)
    expect(response.status).toBe(500)
    expect(JSON.parse(response.body ?? '')).toMatchObject({ code: 'internal_error', status: 500 })
    expect(response.body).not.toContain('boom')
  })
})
