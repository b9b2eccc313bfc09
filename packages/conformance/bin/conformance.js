#!/usr/bin/env node
// The `conformance` command: runs the TypeScript CLI through tsx (the workspace ships sources, not builds).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exit(await main(process.argv.slice(2)));
