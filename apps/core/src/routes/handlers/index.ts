/**
 * One handler per catalogue id, one file per area. Thin: the input is already parsed, roles and
 * object scope already checked; a handler calls a service and returns the contract's response.
 * The type below does not compile while a declared call has no handler.
 */
import type { EndpointId } from '@fleet/contracts';
import type { HandlersFor } from './types.js';
import { unitHandlers } from './units.js';
import { userHandlers } from './user.js';
import { unitReadHandlers } from './unit-reads.js';
import { unitCommandHandlers } from './unit-commands.js';
import { unitUpdateHandlers } from './unit-updates.js';
import { unitActionHandlers } from './unit-actions.js';
import { unitAdminHandlers } from './unit-admin.js';
import { fileHandlers } from './files.js';
import { storyHandlers } from './stories.js';
import { invitationHandlers } from './invitations.js';

export type { Handler, HandlerContext, HandlersFor } from './types.js';
export type Handlers = HandlersFor<EndpointId>;

export const handlers: Handlers = {
  ...unitHandlers,
  ...userHandlers,
  ...unitReadHandlers,
  ...unitCommandHandlers,
  ...unitUpdateHandlers,
  ...unitActionHandlers,
  ...unitAdminHandlers,
  ...fileHandlers,
  ...storyHandlers,
  ...invitationHandlers,
};
