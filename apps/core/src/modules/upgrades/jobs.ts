/** What the upgrade service (upgrades.ts), its batches and the jobs left open share about jobs. */
import { OPEN_UPGRADE_STATES } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import type { ServerRow } from '../../repositories/read-model.js';
import type { UnitRecord } from '../../repositories/units.js';

export type UpgradeJobRow = Prisma.UpgradeJobGetPayload<object>;

/** A device an upgrade acts on, as the read model has it. */
export type UpgradeDevice = { type: 'unit'; row: UnitRecord } | { type: 'server'; row: ServerRow };

/** Largest `IN (...)` list per job query. */
export const CHUNK = 500;

/** Spec 001 §8 "-1 generic, reboot server": a run cut off whose outcome is unknown. */
export const GENERIC_UPGRADE_FAILURE = -1;

export const isOpen = (state: string): boolean => (OPEN_UPGRADE_STATES as readonly string[]).includes(state);
