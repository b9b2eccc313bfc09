#!/usr/bin/env node
// The `conformance` command: runs the TypeScript CLI through tsx (the workspace ships sources, not builds).
import { register } from 'tsx/esm/api';

register();
const { main, exitAfterOutput } = await import('../src/cli.ts');
exitAfterOutput(await main(process.argv.slice(2)));
