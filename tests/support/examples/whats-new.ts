/**
 * Role-matrix examples of the whats new calls (see ../catalogue-examples.ts for what an example is).
 */
import type { whatsNewEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const WHATS_NEW_EXAMPLES: { [K in keyof typeof whatsNewEndpoints]: Example<K> } = {
  listWhatsNew: { input: () => ({}) },
  listAdminWhatsNew: { input: () => ({ query: {} }) },
  createWhatsNew: { input: (_r, w) => ({ body: { title: `Matrix what's new ${w.role}`, body: 'Matrix' } }) },
  getWhatsNew: { input: (r) => ({ params: { id: r.whatsNew } }) },
  updateWhatsNew: { input: (r) => ({ params: { id: r.whatsNew }, body: { body: 'Matrix, edited' } }) },
  publishWhatsNew: { input: (r) => ({ params: { id: r.whatsNew }, body: { published: true } }) },
  deleteWhatsNew: { input: (r) => ({ params: { id: r.deleteWhatsNew } }) },
};
