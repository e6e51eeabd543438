// Lists the functions of the project's TypeScript sources longer than N lines
// (default 150), longest first, with the TypeScript compiler's own parser:
//   node scripts/long-functions.js [N] [folder ...]   (folders: src conformance bin by default)
// A function is a declaration, a method, an accessor, a constructor, or an
// arrow or function expression; its length counts its lines from the first
// to the last, nested functions included. Tests (*.test.ts) are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const limit = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 150
const folders = args.length > 0 ? args : ['src', 'conformance', 'bin']

/** The .ts files under `dir`, tests, test-utils and declarations left out. */
function sourcesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourcesOf(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')
      ? [path]
      : []
  })
}

/** The name a reader would search for: `f`, `Class.method`, `outer.property`. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) {
    const owner =
      node.parent && ts.isClassLike(node.parent) && node.parent.name
        ? `${node.parent.name.text}.`
        : ''
    return owner + node.name.text
  }
  if (ts.isConstructorDeclaration(node)) return `${node.parent.name?.text ?? 'class'}.constructor`
  const parent = node.parent
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  ) {
    return parent.name.text
  }
  return '(anonymous)'
}

const found = []
for (const file of folders.flatMap((folder) => sourcesOf(join(root, folder)))) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = last - first + 1
      if (lines > limit)
        found.push({ lines, name: nameOf(node), where: `${relative(root, file)}:${first + 1}` })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}
found.sort((a, b) => b.lines - a.lines)
for (const { lines, name, where } of found)
  console.log(`${String(lines).padStart(5)}  ${name}  ${where}`)
console.log(`${found.length} function${found.length === 1 ? '' : 's'} over ${limit} lines`)
