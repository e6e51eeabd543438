import { randomBytes } from 'node:crypto'
import { lstatSync, readlinkSync, statSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/** At most this many symbolic links are followed from a file to what it names (Linux's own limit). */
export const MAX_LINK_HOPS = 40

/**
 * The file that `file` names once its symbolic links are followed (an
 * absolute path): `file` itself when it is no link, or the target of its
 * last link, which may not exist yet. Only the last part of each path is
 * followed here; the folders on the way are left to the system. More than
 * {@link MAX_LINK_HOPS} links (a loop) throws `ELOOP`.
 *
 * @example
 * resolveLinks('recorded.json') // '/home/me/shared/recorded.json' when recorded.json links there
 */
export function resolveLinks(file: string): string {
  let path = resolve(file)
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    let link: string
    try {
      if (!lstatSync(path).isSymbolicLink()) return path
      link = readlinkSync(path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return path
      throw error
    }
    path = resolve(dirname(path), link)
  }
  throw Object.assign(new Error(`ELOOP: more than ${MAX_LINK_HOPS} symbolic links from ${file}`), {
    code: 'ELOOP',
  })
}

/**
 * Replaces the file `file` names with `text` (a string, or pieces written in
 * turn, each made only when the one before is written, so that a large file
 * is serialized a piece per turn of the event loop, never all at once) so
 * that a crash leaves either the old content or the new one, never a torn
 * file. A symbolic link is followed (`resolveLinks`) and its target replaced,
 * the link kept. The new content is written to a temporary file beside the
 * target, created exclusively (`wx`: never one that exists, nor a link
 * planted there) under a random name (`NAME.<12 hex digits>.tmp`), with the
 * target's permissions; it is fsynced, renamed over the target, and the
 * folder fsynced. A write or rename that fails removes the temporary file
 * (the target stays as it was) and rethrows. The data file's snapshots and
 * the recorder (`--record`) write this way.
 *
 * @example
 * await writeFileAtomically('pets.json', `${JSON.stringify(dataset)}\n`)
 */
export async function writeFileAtomically(
  file: string,
  text: string | Iterable<string>,
): Promise<void> {
  const target = resolveLinks(file)
  const mode = modeOf(target)
  const temporary = join(
    dirname(target),
    `${basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  )
  let created = false
  try {
    const handle = await open(temporary, 'wx', mode ?? 0o666)
    created = true
    try {
      // The creation mode passes through the umask; a file that existed keeps its own.
      if (mode !== undefined) await handle.chmod(mode)
      for (const piece of typeof text === 'string' ? [text] : text) await handle.writeFile(piece)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, target)
  } catch (error) {
    // A snapshot that did not replace the file is dropped: the file stays as it was.
    if (created) await rm(temporary, { force: true }).catch(() => undefined)
    throw error
  }
  await syncDirectory(target)
}

/** The permission bits of an existing file, or undefined when there is none. */
function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o7777
  } catch {
    return undefined
  }
}

/** Makes the rename durable; off the main thread, as a folder's fsync may take long on a busy disk. */
async function syncDirectory(file: string): Promise<void> {
  const handle = await open(dirname(file), 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
