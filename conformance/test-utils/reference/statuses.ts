import type { Status } from './pet-store.ts'

/** The PetStatus enumeration (§2), in the order the spec lists it. */
export const STATUSES: ReadonlyArray<Status> = ['available', 'pending', 'sold']

/**
 * Whether `value` is one of the PetStatus values.
 *
 * @example
 * isStatus('sold') // true
 */
export function isStatus(value: unknown): value is Status {
  return STATUSES.includes(value as Status)
}
