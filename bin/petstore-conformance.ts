#!/usr/bin/env node
import { hideBin } from 'yargs/helpers'
import { runCli } from '../conformance/cli.ts'

process.exitCode = await runCli(hideBin(process.argv), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
})
