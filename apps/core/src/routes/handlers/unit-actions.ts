import type { unitActionEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitActionHandlers: HandlersFor<keyof typeof unitActionEndpoints> = {};
