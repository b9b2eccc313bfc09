import type { unitReadEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitReadHandlers: HandlersFor<keyof typeof unitReadEndpoints> = {};
