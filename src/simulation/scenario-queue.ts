import { z } from 'zod'
import { ApiError } from '../errors/api-error.ts'
import { MAX_DELAY_MS, SIMULATED_STATUS_LIST } from './simulated-statuses.ts'

/** At most this many scenarios wait at once. */
export const MAX_SCENARIOS = 100

/**
 * The body of `POST /__mock/scenarios` and the argument of `petstore.simulate()`:
 * force the next `times` responses that match `method` and `path`.
 */
export const ScenarioInput = z
  .object({
    status: z
      .int()
      .refine((status) => SIMULATED_STATUS_LIST.includes(status), {
        message: `must be one of ${SIMULATED_STATUS_LIST.join(', ')}`,
      })
      .optional(),
    delay: z.int().min(0).max(MAX_DELAY_MS).optional(),
    times: z.int().min(1).max(10_000).default(1),
    method: z
      .string()
      .regex(/^[A-Za-z]+$/)
      .transform((method) => method.toUpperCase())
      .optional(),
    path: z.string().startsWith('/').max(2048).optional(),
  })
  .strict()
  .refine((input) => input.status !== undefined || input.delay !== undefined, {
    message: 'a scenario needs "status", "delay" or both',
    path: ['status'],
  })

export type ScenarioInput = z.input<typeof ScenarioInput>

export interface Scenario {
  id: number
  status?: number
  delay?: number
  method?: string
  path?: string
  /** Matching responses still to force. */
  remaining: number
}

export interface ScenarioQueue {
  add(input: unknown): Scenario
  /** Takes one use of the first scenario that matches the request, if any. */
  take(method: string, path: string): Scenario | undefined
  list(): Array<Scenario>
  clear(): void
}

/**
 * The queue of sticky simulations.
 *
 * @example
 * const queue = createScenarioQueue()
 * queue.add({ status: 503, times: 2, path: '/v1/pets' })
 */
export function createScenarioQueue(): ScenarioQueue {
  let scenarios: Array<Scenario> = []
  let nextId = 1
  return {
    add(input) {
      const result = ScenarioInput.safeParse(input)
      if (!result.success) {
        const issue = result.error.issues[0]
        const field = issue?.path.join('.') || 'body'
        throw new ApiError(
          400,
          'invalid_request',
          `Field "${field}": ${issue?.message ?? 'invalid'}.`,
        )
      }
      if (scenarios.length >= MAX_SCENARIOS) {
        throw new ApiError(
          400,
          'invalid_request',
          `At most ${MAX_SCENARIOS} scenarios can wait at once; DELETE /__mock/scenarios first.`,
        )
      }
      const { times, ...rest } = result.data
      const scenario: Scenario = { id: nextId++, ...rest, remaining: times }
      scenarios.push(scenario)
      return { ...scenario }
    },
    take(method, path) {
      const scenario = scenarios.find(
        (candidate) =>
          (candidate.method === undefined || candidate.method === method) &&
          (candidate.path === undefined || candidate.path === path),
      )
      if (scenario === undefined) return undefined
      scenario.remaining--
      if (scenario.remaining === 0) scenarios = scenarios.filter((other) => other !== scenario)
      return scenario
    },
    list: () => scenarios.map((scenario) => ({ ...scenario })),
    clear() {
      scenarios = []
    },
  }
}
