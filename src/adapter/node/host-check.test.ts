import { describe, expect, it } from 'vitest'
import { createHostMatcher, hostCheck } from './host-check.ts'

describe('createHostMatcher', () => {
  it('on a loopback bind, serves loopback names only (and the listed ones)', () => {
    const isAllowed = createHostMatcher({ bindHost: '127.0.0.1', allowedHosts: ['.corp.test'] })
    expect(
      ['localhost', 'a.b.localhost:1', '127.0.0.1', '[::1]', 'x.corp.test'].every(isAllowed),
    ).toBe(true)
    expect(['10.0.0.7', '[fe80::1]', 'corp.test.evil', 'evil.example'].some(isAllowed)).toBe(false)
  })

  it('beyond loopback, serves IP literals (no rebinding page has one) and the bind name', () => {
    const wildcard = createHostMatcher({ bindHost: '0.0.0.0' })
    expect(['192.168.1.5:4010', '10.0.0.7', '[fe80::1]:4010', 'localhost'].every(wildcard)).toBe(
      true,
    )
    expect(wildcard('box.lan')).toBe(false)
    const named = createHostMatcher({ bindHost: 'box.lan' })
    expect(named('BOX.LAN:4010')).toBe(true)
    expect(named('other.lan')).toBe(false)
  })

  it('serves any Host when allowedHosts is true', () => {
    expect(createHostMatcher({ bindHost: '127.0.0.1', allowedHosts: true })('evil.example')).toBe(
      true,
    )
  })
})

describe('hostCheck', () => {
  const run = (guard: ReturnType<typeof hostCheck>, host: string) =>
    guard(
      {
        request: { headers: new Headers(host === 'none' ? {} : { host }) },
      } as unknown as Parameters<typeof guard>[0],
      () => 'served' as never,
    )

  it('judges each Host, the first one included, whatever the one before was', () => {
    const any = hostCheck({ bindHost: '127.0.0.1', allowedHosts: true })
    expect(run(any, '')).toBe('served')
    const loopback = hostCheck({ bindHost: '127.0.0.1' })
    expect(() => run(loopback, '')).toThrow(/not one host name/)
    expect(run(loopback, 'localhost:4010')).toBe('served')
    expect(() => run(loopback, 'evil.example')).toThrow(/not allowed/)
    expect(() => run(loopback, 'evil.example')).toThrow(/not allowed/)
    expect(run(loopback, 'none')).toBe('served')
    expect(run(loopback, 'localhost:4010')).toBe('served')
  })
})
