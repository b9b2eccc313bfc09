/**
 * The production folder's defaults (production.ts, bundled as the folder's main.js by
 * scripts/build-prod.ts): what `npm start` (scripts/start.sh) sets for the stack, set here only
 * where the environment leaves them unset, so `node main.js` in a copy of the folder runs the whole
 * product as `npm start` does.
 *
 * - CONSOLE_DIST: the console's build beside this file at its repository path (`apps/console/dist`),
 *   when the folder has one;
 * - SEED_ON_BOOT=true: an empty database gets the demo fleet and accounts;
 * - RESPONSE_VALIDATION=false: answers through the compiled serialisers alone;
 * - NODE_ENV=production.
 *
 * This module reads and writes process.env before any other module of the stack is evaluated
 * (production.ts imports it first); the core itself still reads its configuration in one place
 * (apps/core/src/env.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const env = process.env;
const consoleDist = fileURLToPath(new URL('../../console/dist', import.meta.url));
if (env.CONSOLE_DIST === undefined && existsSync(`${consoleDist}/index.html`)) env.CONSOLE_DIST = consoleDist;
env.SEED_ON_BOOT ??= 'true';
env.RESPONSE_VALIDATION ??= 'false';
env.NODE_ENV ??= 'production';
