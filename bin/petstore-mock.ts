#!/usr/bin/env node
import module from 'node:module'
import { checkNodeVersion } from '../src/cli/check-node-version.ts'

// Checked before anything else loads: an old Node gets one clear line.
const problem = checkNodeVersion()
if (problem) {
  console.error(problem)
  process.exit(1)
}
// Node keeps the compiled code of the modules below on disk (in the OS temp
// folder, like npm and tsc; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so
// that later starts skip compiling and type stripping.
module.enableCompileCache?.()
const { runMockCli } = await import('../src/cli/run-mock-cli.ts')
process.exitCode = await runMockCli(process.argv.slice(2))
