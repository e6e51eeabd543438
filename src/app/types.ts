export type * from '../http/types.ts'
