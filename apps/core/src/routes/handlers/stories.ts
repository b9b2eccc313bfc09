/** Handlers of the stories calls. */
import type { storyEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const storyHandlers: HandlersFor<keyof typeof storyEndpoints> = {};
