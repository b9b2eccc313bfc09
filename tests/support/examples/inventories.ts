/**
 * Role-matrix examples of the inventories calls (see ../catalogue-examples.ts for what an example is).
 *
 * The tally, IFB and ingest writes act on the shared inventory (its settings and its ingest
 * account are one row every role changes): roles take turns. Each role associates its own
 * channels, so no role meets another's association. The admin edits act on an inventory of the
 * role's own (`adminInventory`), the delete on another (`deleteInventory`).
 */
import type { inventoryEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

/** A small stylesheet the XSLT check accepts. */
export const SAFE_XSLT = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="/"><clip><xsl:value-of select="/metadata/title"/></clip></xsl:template>
</xsl:stylesheet>`;

export const INVENTORIES_EXAMPLES: { [K in keyof typeof inventoryEndpoints]: Example<K> } = {
  getInventoryTally: { input: (r) => ({ params: { id: r.inventory } }) },
  addInventoryTallyChannel: { input: (r) => ({ params: { id: r.inventory, channelId: r.channel } }), exclusive: true },
  removeInventoryTallyChannel: { input: (r) => ({ params: { id: r.inventory, channelId: r.channel } }), exclusive: true },
  getInventoryIfb: { input: (r) => ({ params: { id: r.inventory } }) },
  addInventoryIfbChannel: { input: (r) => ({ params: { id: r.inventory, channelId: r.channel } }), exclusive: true },
  removeInventoryIfbChannel: { input: (r) => ({ params: { id: r.inventory, channelId: r.channel } }), exclusive: true },
  getInventoryIfbCounts: { input: (r) => ({ params: { id: r.inventory } }) },
  searchAdminInventories: { input: () => ({ query: { searchKey: 'name', searchValue: 'news' } }) },
  countAdminInventories: { input: () => ({ query: {} }) },
  // A child of the shared inventory (a non-global admin creates children of their own inventories only).
  createAdminInventory: { input: (r, w) => ({ body: { name: `Matrix-New-${slug(w.role)}`, region: 'eu-west', parentId: r.inventory } }) },
  getAdminInventory: { input: (r) => ({ params: { id: r.adminInventory } }) },
  updateAdminInventory: { input: (r, w) => ({ params: { id: r.adminInventory }, body: { region: `matrix-${slug(w.role)}` } }) },
  deleteAdminInventory: { input: (r) => ({ params: { id: r.deleteInventory } }) },
  getAdminInventoryProperties: { input: (r) => ({ params: { id: r.adminInventory } }) },
  updateAdminInventoryProperties: { input: (r) => ({ params: { id: r.adminInventory }, body: { mapView: true, vsim: false } }) },
  getAdminInventoryServiceableDevices: { input: (r) => ({ params: { id: r.inventory } }) },
  addAdminInventoryVrChannel: { input: (r) => ({ params: { id: r.adminInventory, vrChannelId: r.vrChannel } }) },
  removeAdminInventoryVrChannel: { input: (r) => ({ params: { id: r.adminInventory, vrChannelId: r.vrChannel } }) },
  getIngestAccount: { input: (r) => ({ params: { id: r.inventory } }) },
  updateIngestAccount: {
    input: (r) => ({ params: { id: r.inventory }, body: { username: 'matrix-ingest', enabled: true, path: '/ingest' } }),
    exclusive: true,
  },
  setIngestAccountPassword: {
    input: (r) => ({ params: { id: r.inventory }, body: { password: 'Matrix-2024', passwordConfirmation: 'Matrix-2024' } }),
    exclusive: true,
  },
  // The XSLT security check: the password setIngestAccountPassword gives the account (ignored while it has none).
  uploadIngestAccountXslt: {
    input: (r) => ({ params: { id: r.inventory }, body: { fileName: 'matrix.xslt', content: SAFE_XSLT, password: 'Matrix-2024' } }),
    exclusive: true,
  },
  deleteIngestAccount: { input: (r) => ({ params: { id: r.inventory } }), exclusive: true },
  testIngestAccount: { input: (r) => ({ params: { id: r.inventory } }) },
  getInventoryIngestServers: { input: (r) => ({ params: { id: r.inventory } }) },
  getInventoryIngestServerChannels: { input: (r) => ({ params: { id: r.inventory, serverId: r.ingestServer } }) },
  // The role's own file channel: no unit streams to it, so it is not busy.
  addInventoryIngestServerChannel: { input: (r) => ({ params: { id: r.inventory, serverId: r.ingestServer, channelId: r.fileChannel } }) },
  removeInventoryIngestServerChannel: { input: (r) => ({ params: { id: r.inventory, serverId: r.ingestServer, channelId: r.fileChannel } }) },
};
