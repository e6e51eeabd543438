import { describe, expect, it } from 'vitest'
import { createCoverage } from '../../core/coverage/create-coverage.ts'
import { ROUTES } from '../../spec/routes.ts'
import { coverageCellText, coverageGroups } from './coverage-panel.ts'

describe('the coverage panel logic', () => {
  it('groups every cell under its operation, in the order of the routes, counting the met ones', () => {
    const report = createCoverage().report()
    const [first] = report.cells
    if (first !== undefined) report.cells[0] = { ...first, met: 3, lastRequestId: 9 }
    const groups = coverageGroups(report)
    expect(groups.map((group) => group.operation)).toEqual(ROUTES.map((route) => route.operationId))
    expect(groups.map((group) => group.request)).toEqual(
      ROUTES.map((route) => `${route.method} ${route.path}`),
    )
    expect(groups.flatMap((group) => group.cells)).toEqual(report.cells)
    expect(groups.map((group) => group.met)).toEqual([1, 0, 0, 0])
  })

  it('says what a button does: force the next request, armed, or show the requests that met it', () => {
    const cell = { label: 'rate limited', status: 429, request: 'GET /v1/pets', met: 0 }
    expect(coverageCellText(cell, false)).toBe(
      'Force "rate limited": the next GET /v1/pets is answered 429',
    )
    expect(coverageCellText(cell, true)).toBe(
      '"rate limited" is armed: the next GET /v1/pets is answered 429',
    )
    expect(coverageCellText({ ...cell, met: 1 }, false)).toBe(
      '"rate limited" met by 1 request: show them in the log',
    )
    expect(coverageCellText({ ...cell, met: 2 }, true)).toBe(
      '"rate limited" met by 2 requests: show them in the log',
    )
  })
})
