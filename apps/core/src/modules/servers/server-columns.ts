/**
 * Server.configuration (spec 001 §3 Server: SIP registration server, certificates, SMPTE network
 * settings, IP pipe settings and the state the device reports for it) as a typed value. The server
 * calls edit it; the device reports write the IP pipe's state into it.
 */
import { z } from 'zod';
import { IpPipeState } from '@fleet/contracts';
import { jsonColumn, lenient } from '../../platform/storage/json-column.js';

const StoredSmpteInterface = z.object({ ip: z.string(), subnetMask: z.string(), gateway: z.string().nullable().default(null) });
const StoredIpPipe = z.object({
  enabled: z.boolean(),
  port: z.number().int(),
  bitrateKbps: z.number().int().nullable().default(null),
  servers: z.array(z.string()),
  state: IpPipeState.catch('not_connected'),
});
const StoredCertificate = z.object({ id: z.string(), name: z.string(), expiresAt: z.string().nullable().default(null) });
const StoredServerConfiguration = z.object({
  registrationServer: lenient(z.string().nullable()),
  registrationServerPort: lenient(z.number().int().nullable()),
  certificates: z.array(StoredCertificate).catch([]).default([]),
  smpte: lenient(z.object({ primary: StoredSmpteInterface.nullable(), secondary: StoredSmpteInterface.nullable(), ptpDomain: z.number().int().nullable() })),
  ipPipe: lenient(StoredIpPipe),
});
export type StoredServerConfiguration = z.infer<typeof StoredServerConfiguration>;
/** Server.configuration as a typed value (lenient: a row written by hand reads as far as it fits). */
export const serverConfigurationColumn = jsonColumn(StoredServerConfiguration, () => ({ certificates: [] }));
