/**
 * Role-matrix examples of the system messages calls (see ../catalogue-examples.ts for what an example is).
 */
import type { systemMessageEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

export const SYSTEM_MESSAGES_EXAMPLES: { [K in keyof typeof systemMessageEndpoints]: Example<K> } = {
  listSystemMessages: { input: () => ({ query: {} }) },
  createSystemMessage: { input: (r, w) => ({ body: { message: `Matrix message ${w.role}`, level: 'info', expireDate: inAWeek(), inventoryId: r.inventory } }) },
  getSystemMessage: { input: (r) => ({ params: { id: r.systemMessage } }) },
  updateSystemMessage: { input: (r) => ({ params: { id: r.systemMessage }, body: { level: 'warning' } }) },
  deleteSystemMessage: { input: (r) => ({ params: { id: r.deleteSystemMessage } }) },
};
