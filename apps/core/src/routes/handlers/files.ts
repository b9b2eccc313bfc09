/** Handlers of the files calls. */
import type { fileEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const fileHandlers: HandlersFor<keyof typeof fileEndpoints> = {};
