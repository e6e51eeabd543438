#!/usr/bin/env node
import { checkNodeVersion } from '../src/cli/check-node-version.ts'

// Checked before anything else loads: an old Node gets one clear line.
const problem = checkNodeVersion()
if (problem) {
  console.error(problem)
  process.exit(1)
}
const { runMockCli } = await import('../src/cli/run-mock-cli.ts')
process.exitCode = await runMockCli(process.argv.slice(2))
