import type { unitUpdateEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitUpdateHandlers: HandlersFor<keyof typeof unitUpdateEndpoints> = {};
