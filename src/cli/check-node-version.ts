import { formatMessage } from '../errors/format-message.ts'
import { packageManifest } from './package-version.ts'

/**
 * The oldest Node.js the package runs on, read from `engines.node` in
 * package.json (`>=22.19` gives `'22.19.0'`), where it is written once.
 *
 * @example
 * MIN_NODE_VERSION // '22.19.0'
 */
export const MIN_NODE_VERSION = minimumOf(packageManifest()?.engines?.node ?? '0')

/**
 * The Node.js major version the message recommends: the one the repository
 * itself runs on (its `node` devDependency).
 *
 * @example
 * RECOMMENDED_NODE_MAJOR // 24
 */
export const RECOMMENDED_NODE_MAJOR = 24

function minimumOf(range: string): string {
  const [major = '0', minor = '0', patch = '0'] = range.replace(/^>=\s*/, '').split('.')
  return `${major}.${minor}.${patch}`
}

/**
 * Tells what is wrong with a Node.js version, or `undefined` when it is new
 * enough. The bins call it before loading anything else, so that an old Node
 * gets one clear line instead of a crash deep in a dependency.
 *
 * @example
 * checkNodeVersion({ version: '20.20.2' })
 * // '[petstore-mock] Failed to start: Node.js 22.19.0 or newer is needed, this is 20.20.2 (install
 * // Node 24 with a version manager: nvm install 24, fnm install 24 or volta install node@24; or
 * // into this project: npm install --save-dev node@24, after which npx petstore-mock runs on it).'
 * checkNodeVersion({ prefix: KIT_PREFIX }) // this Node; '[petstore-conformance] Failed to start: …'
 */
export function checkNodeVersion({
  version = process.versions.node,
  prefix,
}: {
  /** The version to check: this Node's when not given. */
  version?: string | undefined
  /** Whose message it is: `[petstore-mock]` when not given. */
  prefix?: string | undefined
} = {}): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  const [minMajor = 0, minMinor = 0] = MIN_NODE_VERSION.split('.').map(Number)
  if (major > minMajor || (major === minMajor && minor >= minMinor)) return undefined
  const bin = (prefix ?? '[petstore-mock]').replace(/^\[|\]$/g, '')
  const wanted = RECOMMENDED_NODE_MAJOR
  return formatMessage(
    'start',
    `Node.js ${MIN_NODE_VERSION} or newer is needed, this is ${version} (install Node ${wanted} with a version manager: nvm install ${wanted}, fnm install ${wanted} or volta install node@${wanted}; or into this project: npm install --save-dev node@${wanted}, after which npx ${bin} runs on it)`,
    prefix,
  )
}
