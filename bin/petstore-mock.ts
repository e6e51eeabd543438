#!/usr/bin/env node
import module from 'node:module'
import v8 from 'node:v8'
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
// The server makes small short-lived objects per request; left alone, V8
// grows the young generation to over 100 MB under load, which stays resident.
// Kept at its initial size (1 MB semi-spaces), RSS after load is about a third
// lower for the same CPU per request (docs/control-api.md, under "Journal"). A growth factor the
// user gave node (NODE_OPTIONS or a flag) is left as it is.
if (!`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`.includes('semi-space')) {
  v8.setFlagsFromString('--semi-space-growth-factor=1')
}
const { runMockCli } = await import('../src/cli/run-mock-cli.ts')
process.exitCode = await runMockCli(process.argv.slice(2))
