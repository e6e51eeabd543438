export { Category } from './category.ts'
export { ErrorBody } from './error-body.ts'
export {
  EXPOSED_HEADERS,
  RATE_LIMIT_HEADER_NAMES,
  RATE_LIMIT_HEADERS,
  RETRY_AFTER,
  WWW_AUTHENTICATE,
} from './headers.ts'
export { heldId, INT64, INT64_RULE, int64, isInt64, parseInt64 } from './int64.ts'
export { MAX_NAME_LENGTH, NewPet } from './new-pet.ts'
export { Order, OrderStatus, Orders } from './order.ts'
export { LimitParam, PARAMETERS, PetIdParam } from './params.ts'
export { Pet, Pets } from './pet.ts'
export { PetStatus } from './pet-status.ts'
