import type { unitCommandEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitCommandHandlers: HandlersFor<keyof typeof unitCommandEndpoints> = {};
