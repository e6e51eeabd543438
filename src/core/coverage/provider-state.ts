import { ApiError } from '../../errors/api-error.ts'
import { clip, printable } from '../../utils/clip.ts'
import { isPlainObject } from '../../utils/is-plain-object.ts'
import type { ScenarioQueue } from '../simulation/scenario-queue.ts'
import { armCell } from './arm-cell.ts'
import { cellOf, coverageCells } from './coverage-model.ts'

/**
 * Sets up a Pact provider state (`POST /__mock/provider-states`, called by
 * Pact's verifier before each interaction): `setup` restores the seeded data
 * (`reset`: counters, scenarios, journal and coverage too) and arms the
 * state's cell for the next request, where the request alone does not make
 * it (an Error, an empty or filtered list, a slow answer); `teardown` does
 * nothing. The cell is `params.cell`, else the first cell whose provider
 * state is `state`; an unknown one is a 400 naming it.
 *
 * @example
 * await setUpProviderState({ state: 'the key is rate limited', params: { cell: 'listPets:429:rate-limited' }, action: 'setup' }, { reset, scenarios })
 */
export async function setUpProviderState(
  input: unknown,
  deps: { reset(): Promise<void>; scenarios: ScenarioQueue },
): Promise<{ state: string; cell: string | null }> {
  if (!isPlainObject(input) || typeof input.state !== 'string') {
    throw new ApiError(
      'invalid_request',
      'A provider state must be a JSON object such as { "state": "the key is rate limited", "params": {}, "action": "setup" }.',
    )
  }
  const { state, params = {}, action = 'setup' } = input
  if (action !== 'setup' && action !== 'teardown') {
    throw new ApiError('invalid_request', 'Field "action" must be "setup" or "teardown".')
  }
  const named = isPlainObject(params) && typeof params.cell === 'string' ? params.cell : undefined
  const cell =
    named === undefined
      ? coverageCells().find((candidate) => candidate.providerState === state)
      : cellOf(named)
  if (cell === undefined) {
    throw new ApiError(
      'invalid_request',
      `Provider state "${printable(clip(state, 80))}" names no coverage cell; send the cell id as params.cell.`,
    )
  }
  if (action === 'teardown') return { state, cell: cell.id }
  await deps.reset()
  if (cell.force.kind !== 'real') armCell(deps.scenarios, { cell: cell.id })
  return { state, cell: cell.id }
}
