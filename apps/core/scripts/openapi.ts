/**
 * Writes the errors each catalogue call can answer (apps/core/src/plugins/call-errors.json, read from
 * the code: ./call-errors.ts) and the field rules its code refuses requests with (call-rules.json, the
 * same scan), then docs/openapi.json from the endpoint catalogue, those errors and those rules,
 * and docs/mock-openapi.json from the mock's control plane (its router and input schemas)
 * (both committed; a test fails when the document is stale, and the core under test refuses to answer
 * a status its call does not document).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scanCallErrors } from './call-errors.js';

const errorsFile = fileURLToPath(new URL('../src/plugins/call-errors.json', import.meta.url));
const rulesFile = fileURLToPath(new URL('../src/plugins/call-rules.json', import.meta.url));
// --mock-only: the control plane's document alone (a few seconds; the core's takes minutes).
const mockOnly = process.argv.includes('--mock-only');
if (!process.argv.includes('--document-only') && !mockOnly) {
  const { calls, rules, unresolved } = scanCallErrors();
  if (unresolved.length > 0) {
    throw new Error(
      `field rules the scan cannot read (write the field and the message so that the code says them, or list the place in call-errors.ts OPEN_RULES):\n${unresolved.join('\n')}`,
    );
  }
  // One line a call: a change to what a call can answer is one line of the diff.
  const lines = Object.entries(calls).map(([id, codes]) => `  ${JSON.stringify(id)}: ${JSON.stringify(codes)}`);
  writeFileSync(errorsFile, `{\n${lines.join(',\n')}\n}\n`);
  console.log(`wrote ${errorsFile}`);
  // A part the scan could not tell (`*`) stands as `{…}`: any field below, any message (never the bare "Invalid field").
  const open = (text: string) => text.replaceAll('*', '{…}');
  const ruleLines = Object.entries(rules).map(
    ([id, list]) => `  ${JSON.stringify(id)}: ${JSON.stringify(list.map((r) => ({ field: open(r.field), message: open(r.message) })))}`,
  );
  writeFileSync(rulesFile, `{\n${ruleLines.join(',\n')}\n}\n`);
  console.log(`wrote ${rulesFile}`);
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
