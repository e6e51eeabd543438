import { describe, expect, it } from 'vitest'
import { securityBanner } from './security-banner.ts'

describe('securityBanner', () => {
  it('warns in one line beyond loopback and prints the token', () => {
    const lines = securityBanner({
      host: '0.0.0.0',
      beyondLoopback: true,
      adminToken: 'tok-123456',
    })
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(
      /^ {2}WARNING: {3}bound to 0\.0\.0\.0: other machines can reach the API/,
    )
    expect(lines[1]).toBe('  admin:     Authorization: Bearer tok-123456')
  })

  it('says nothing on loopback without a token', () => {
    expect(
      securityBanner({ host: '127.0.0.1', beyondLoopback: false, adminToken: undefined }),
    ).toEqual([])
  })
})
