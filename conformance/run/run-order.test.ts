import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CHECKS } from '../../src/judge/catalogue.ts'
import type { Probe } from '../probes/probe-context.ts'
import { orderProbes } from '../probes/probe-order.ts'
import { probeOrder } from './run-conformance.ts'

const names = (probes: ReadonlyArray<Probe>) => probes.map((probe) => probe.name)
const run = async () => {}

describe("the run's order, derived from what each probe needs and provides", () => {
  it('is the order of the kit', () => {
    // The same at both ends as the order once written by hand (list, create,
    // reject, generated, input, get, shapes, complete lists, authentication,
    // invalid parameters, content negotiation, methods, stateful, request
    // counts, rate limit); between them, what is free to run goes in the
    // catalogue's order.
    expect(names(probeOrder)).toEqual([
      'list pets',
      'create pets',
      'reject invalid pets',
      'generated bodies',
      'request shapes',
      'authentication',
      'content negotiation',
      'each request counts once',
      'complete lists',
      'malformed input',
      'get a pet',
      'invalid parameters',
      'undocumented methods',
      'stateful sequences',
      'read back what was created',
      'rate limit',
    ])
  })

  it('runs each probe after every probe that provides what it needs', () => {
    for (const [index, probe] of probeOrder.entries()) {
      const later = probeOrder.slice(index + 1)
      const provided = later.filter((other) =>
        (other.provides ?? []).some((fact) => (probe.needs ?? []).includes(fact)),
      )
      expect(names(provided), probe.name).toEqual([])
    }
  })

  it('writes last with the stateful sequences, and spends the window last of all', () => {
    const stateful = probeOrder.findIndex((probe) => probe.writesLast)
    const writersAfter = probeOrder
      .slice(stateful + 1)
      .filter(
        (probe) =>
          !probe.spendsWindow && !probe.writesLast && probe.checks.some((id) => CHECKS[id].writes),
      )
    expect(names(writersAfter)).toEqual([])
    expect(names(probeOrder.filter((probe) => probe.spendsWindow))).toEqual(['rate limit'])
    expect(probeOrder.at(-1)?.spendsWindow).toBe(true)
  })

  it('does not depend on the order the probes are given in', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...probeOrder], { minLength: probeOrder.length }),
        (given) => {
          expect(names(orderProbes(given))).toEqual(names(probeOrder))
        },
      ),
    )
  })

  it('refuses facts that contradict each other, naming the probes', () => {
    const first: Probe = {
      name: 'first',
      checks: ['list.schema'],
      needs: ['a pet created'],
      provides: ['pets listed'],
      run,
    }
    const second: Probe = {
      name: 'second',
      checks: ['create.valid'],
      needs: ['pets listed'],
      provides: ['a pet created'],
      run,
    }
    expect(() => orderProbes([first, second])).toThrow(
      expect.objectContaining({
        code: 'ERR_PETSTORE_CONFORMANCE_INTERNAL',
        message: expect.stringMatching(/cycle among first, second/),
      }),
    )
  })
})
