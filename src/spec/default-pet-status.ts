import type { PetStatus } from './pet-status.ts'

/**
 * The status of a pet created or loaded without one. The spec leaves the
 * default open; the mock's choice is `available`.
 *
 * @example
 * const status = input.status ?? DEFAULT_PET_STATUS
 */
export const DEFAULT_PET_STATUS: PetStatus = 'available'
