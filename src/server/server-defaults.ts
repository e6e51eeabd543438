export { SERVER_DEFAULTS } from '../options/defaults.ts'
