/**
 * Role-matrix examples of the graphics calls (see ../catalogue-examples.ts for what an example is).
 * The shared inventory's graphics service is enabled in the seed.
 */
import type { graphicsEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const GRAPHICS_EXAMPLES: { [K in keyof typeof graphicsEndpoints]: Example<K> } = {
  listMyGraphics: { input: (r) => ({ params: { id: r.inventory } }) },
  openSingularApp: { input: (r, w) => ({ body: { inventoryId: r.inventory, name: `Matrix-Gfx-${slug(w.role)}`, template: 'scoreboard' } }) },
  deleteGraphicsApp: { input: (r) => ({ params: { id: r.inventory, appId: r.graphicsApp } }) },
  listGraphicsTemplates: { input: (r) => ({ params: { id: r.inventory } }) },
  getGraphicsPermissions: { input: (r) => ({ params: { id: r.inventory } }) },
  // The job of the role's own composition (set up by the role matrix).
  getGraphicsJobStatus: { input: (r, w) => ({ body: { inventoryId: r.inventory, jobIds: [`job-matrix-${slug(w.role)}`] } }) },
};
