import { CHECKS, catalogue } from '../../src/judge/catalogue.ts'
import { ConformanceError } from '../model/kit-message.ts'
import type { Probe } from './probe-context.ts'

/** Where each check stands in the catalogue (the order of the spec's sections). */
const POSITION = new Map<string, number>(catalogue.map((check, index) => [check.id, index]))

/** The catalogue position of the probe's first check: the order of probes nothing else orders. */
const positionOf = (probe: Probe): number =>
  Math.min(...probe.checks.map((id) => POSITION.get(id) ?? Number.POSITIVE_INFINITY))

/** A check the probe feeds creates or changes data (the catalogue's `writes`). */
const writes = (probe: Probe): boolean => probe.checks.some((id) => CHECKS[id].writes)

/**
 * Whether `before` must run before `after`: it provides a fact `after`
 * needs; `after` spends the rate-limit window and `before` does not; or
 * `after` writes last and `before` writes (the window's spenders apart).
 */
function mustPrecede(before: Probe, after: Probe): boolean {
  if (before === after) return false
  if (after.spendsWindow && !before.spendsWindow) return true
  if (after.writesLast && !before.spendsWindow && !before.writesLast && writes(before)) return true
  return (before.provides ?? []).some((fact) => (after.needs ?? []).includes(fact))
}

/**
 * The probes in run order, derived from what each declares: a probe runs
 * after every probe that provides a fact it needs (`needs`, `provides`); a
 * probe that writes last (`writesLast`) after every other probe with a check
 * that writes; a probe that spends the rate-limit window (`spendsWindow`)
 * after every one that does not. Among probes free to run, the one whose first check
 * comes first in the catalogue (the order reports list checks in). The
 * order does not depend on the order the probes are given in. Throws a
 * {@link ConformanceError} (`internal`) when the facts contradict each other
 * (a cycle), naming the probes left.
 *
 * @example
 * orderProbes([statefulProbe, fixedProbes.create, fixedProbes.list]).map((probe) => probe.name)
 * // ['list pets', 'create pets', 'stateful sequences']
 */
export function orderProbes(probes: ReadonlyArray<Probe>): Array<Probe> {
  const left = [...probes].sort((a, b) => positionOf(a) - positionOf(b))
  const ordered: Array<Probe> = []
  while (left.length > 0) {
    const index = left.findIndex((probe) => !left.some((other) => mustPrecede(other, probe)))
    if (index < 0) {
      throw new ConformanceError(
        'internal',
        'order the probes',
        `their needs form a cycle among ${left.map((probe) => probe.name).join(', ')}`,
      )
    }
    ordered.push(...left.splice(index, 1))
  }
  return ordered
}
