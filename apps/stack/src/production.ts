/**
 * The entry of the production folder (`pnpm build:core`, scripts/build-prod.ts bundles it as the
 * folder's main.js): the folder's defaults first (production-env.ts), then the stack as main.ts
 * starts it.
 */
import './production-env.js';
import './main.js';
