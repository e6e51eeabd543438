#!/usr/bin/env node
import { runMockCli } from '../src/cli/run-mock-cli.ts'

process.exitCode = await runMockCli(process.argv.slice(2))
