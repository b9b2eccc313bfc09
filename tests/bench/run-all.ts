/** Runs every benchmark in this folder, one after another (each records its own result). */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
let failed = 0;
for (const f of readdirSync(dir).filter((n) => n.endsWith('.bench.ts')).sort()) {
  console.log(`==> ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${f}`, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
