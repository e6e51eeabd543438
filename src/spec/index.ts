export { Category } from './category.ts'
export { ErrorBody } from './error-body.ts'
export {
  DEPRECATION_HEADER_NAMES,
  DEPRECATION_HEADERS,
  EXPOSED_HEADERS,
  HEADER_NAMES,
  RATE_LIMIT_HEADER_NAMES,
  RATE_LIMIT_HEADERS,
  RETRY_AFTER,
  RETRY_AFTER_NAME,
  WWW_AUTHENTICATE,
} from './headers.ts'
export { heldId, INT64, INT64_RULE, int64, isInt64, isInt64Value, parseInt64 } from './int64.ts'
export { MAX_NAME_LENGTH, NewPet } from './new-pet.ts'
export { Order, OrderStatus, Orders } from './order.ts'
export { LimitParam, PARAMETERS, PetIdParam } from './params.ts'
export { ADMIN_PREFIX, OPENAPI_PATH } from './paths.ts'
export { Pet, Pets } from './pet.ts'
export { PetStatus } from './pet-status.ts'
