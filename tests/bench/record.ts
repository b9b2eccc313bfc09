import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Write a benchmark's result to tests/bench/results/<name>.json (committed, so results stay with the code). */
export function recordResult(name: string, result: unknown): void {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${name}.json`, `${JSON.stringify(result, null, 2)}\n`);
}
