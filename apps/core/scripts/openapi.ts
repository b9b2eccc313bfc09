/**
 * Writes the errors each catalogue call can answer (apps/core/src/plugins/call-errors.json, read from
 * the code: ./call-errors.ts), then docs/openapi.json from the endpoint catalogue and those errors,
 * and docs/mock-openapi.json from the mock's control plane (its router and input schemas)
 * (both committed; a test fails when the document is stale, and the core under test refuses to answer
 * a status its call does not document).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scanCallErrors } from './call-errors.js';

const errorsFile = fileURLToPath(new URL('../src/plugins/call-errors.json', import.meta.url));
// --mock-only: the control plane's document alone (a few seconds; the core's takes minutes).
const mockOnly = process.argv.includes('--mock-only');
if (!process.argv.includes('--document-only') && !mockOnly) {
  const { calls } = scanCallErrors();
  // One line a call: a change to what a call can answer is one line of the diff.
  const lines = Object.entries(calls).map(([id, codes]) => `  ${JSON.stringify(id)}: ${JSON.stringify(codes)}`);
  writeFileSync(errorsFile, `{\n${lines.join(',\n')}\n}\n`);
  console.log(`wrote ${errorsFile}`);
}
if (!mockOnly) {
  // Imported after the errors are written: the document reads them.
  const { buildOpenApi } = await import('../src/plugins/openapi.js');
  const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
  writeFileSync(target, `${JSON.stringify(buildOpenApi('/api'), null, 2)}\n`);
  console.log(`wrote ${target}`);
}

const { buildControlPlaneOpenApi } = await import('../src/mock/control-plane-openapi.js');
const mockTarget = fileURLToPath(new URL('../../../docs/mock-openapi.json', import.meta.url));
writeFileSync(mockTarget, `${JSON.stringify(buildControlPlaneOpenApi(), null, 2)}\n`);
console.log(`wrote ${mockTarget}`);
