import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/**
 * Why a report cannot be written to `file`, or `undefined` when it can: the
 * path must not be a folder, its folder must exist and be writable, and an
 * existing file must be writable. Checked before the first request, so a bad
 * path is a usage error at once, not a lost report after the whole run.
 *
 * @example
 * await reportPathProblem('reports/junit.xml') // 'the folder /repo/reports does not exist'
 */
export async function reportPathProblem(file: string): Promise<string | undefined> {
  const path = resolve(file)
  const existing = await stat(path).catch(() => undefined)
  if (existing?.isDirectory()) {
    return `${path} is a folder, not a file`
  }
  if (existing && !(await writable(path))) {
    return `${path} is not writable`
  }
  const folder = dirname(path)
  const parent = await stat(folder).catch(() => undefined)
  if (!parent) {
    return `the folder ${folder} does not exist (create it first)`
  }
  if (!parent.isDirectory()) {
    return `${folder} is not a folder`
  }
  if (!existing && !(await writable(folder))) {
    return `the folder ${folder} is not writable`
  }
  return undefined
}

async function writable(path: string): Promise<boolean> {
  return access(path, constants.W_OK).then(
    () => true,
    () => false,
  )
}
