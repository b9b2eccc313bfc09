/** Writes docs/openapi.json from the endpoint catalogue (committed; a test fails when stale). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '../src/plugins/openapi.js';

const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(buildOpenApi('/api'), null, 2)}\n`);
console.log(`wrote ${target}`);
