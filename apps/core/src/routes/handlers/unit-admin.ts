import type { unitAdminEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const unitAdminHandlers: HandlersFor<keyof typeof unitAdminEndpoints> = {};
