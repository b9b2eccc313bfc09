/**
 * A script on Node 20 against a running core (the mock's demo sign-in): lists the units the user sees
 * with their status, then shows how a refusal reads.
 *
 *   pnpm exec tsx packages/client/examples/list-units.ts [http://127.0.0.1:8080] [luc_regular] [Demo-pass-1]
 */
import { createClient, isApiError, signInToMock } from '@fleet/client';

const [baseUrl = 'http://127.0.0.1:8080', username = 'luc_regular', password = 'Demo-pass-1'] = process.argv.slice(2);
const cookie = await signInToMock(baseUrl, username, password);
const core = createClient({ baseUrl, headers: { cookie } });

const units = await core.call('fetchDevices');
for (const unit of units) console.log(`${unit.uniqueId}\t${unit.status}\t${unit.name}`);

try {
  await core.call('getUnit', { params: { id: 'NO-SUCH-UNIT' } });
} catch (error) {
  if (!isApiError(error)) throw error;
  console.log(`refused: ${error.status} ${error.code} ${error.message}`);
}
