#!/usr/bin/env node
import { KIT_PREFIX } from '../conformance/model/kit-message.ts'
import { checkNodeVersion } from '../src/cli/check-node-version.ts'

// Checked before anything else loads: an old Node gets one clear line (exit 2: a usage problem).
const problem = checkNodeVersion({ prefix: KIT_PREFIX })
if (problem) {
  console.error(problem)
  process.exit(2)
}
const { hideBin } = await import('yargs/helpers')
const { runCli } = await import('../conformance/run/cli.ts')
process.exitCode = await runCli(hideBin(process.argv), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
})
