import { type CheckId, catalogue } from './catalogue.ts'
import type { CheckDefinition, JudgedResponse, Judgement, RuleMemory } from './check-definition.ts'

/** The checks every response is held to, in catalogue order. */
const RESPONSE_CHECKS = catalogue.filter(
  (check): check is CheckDefinition<CheckId> & { judge: NonNullable<CheckDefinition['judge']> } =>
    check.judge !== undefined,
)

/**
 * A fresh memory for the rules of one stream of responses.
 *
 * @example
 * const memory = createRuleMemory()
 */
export function createRuleMemory(): RuleMemory {
  return { rateLimit: new Map() }
}

/**
 * Every response check's judgement of one response, in catalogue order;
 * the checks that do not apply to it are left out.
 *
 * @example
 * const memory = createRuleMemory()
 * judgeResponse(response, memory).filter(({ judgement }) => 'problem' in judgement && judgement.problem)
 */
export function judgeResponse(
  response: JudgedResponse,
  memory: RuleMemory,
): Array<{ check: CheckDefinition<CheckId>; judgement: NonNullable<Judgement> }> {
  return RESPONSE_CHECKS.flatMap((check) => {
    const judgement = check.judge(response, memory)
    return judgement === undefined ? [] : [{ check, judgement }]
  })
}
