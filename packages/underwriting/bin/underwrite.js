#!/usr/bin/env node
// The `underwrite` command. This committed file exists before `pnpm install` builds dist/, so pnpm
// can link the bin for every package that depends on this one; the CLI itself is dist/cli.js.
import '../dist/cli.js';
