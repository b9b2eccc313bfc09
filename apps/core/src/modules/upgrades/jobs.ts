/** What the upgrade service (upgrades.ts), its batches and the jobs left open share about jobs. */
import { OPEN_UPGRADE_STATES } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import type { ServerRow } from '../../platform/storage/read-model.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitRecord } from '../../platform/storage/unit-rows.js';

export type UpgradeJobRow = Prisma.UpgradeJobGetPayload<object>;

/** A device an upgrade acts on, as the read model has it. */
export type UpgradeDevice = { type: 'unit'; row: UnitRecord } | { type: 'server'; row: ServerRow };

/** Largest `IN (...)` list per job query. */
export const CHUNK = 500;

/** Spec 001 §8 "-1 generic, reboot server": a run cut off whose outcome is unknown. */
export const GENERIC_UPGRADE_FAILURE = -1;

export const isOpen = (state: string): boolean => (OPEN_UPGRADE_STATES as readonly string[]).includes(state);

/** Upgrade commands sent together (batches, jobs resumed after a restart). */
export const WAVE_SIZE = 20;
/** Pause between two waves. */
const WAVE_GAP_MS = 100;

/** Send `items` {@link WAVE_SIZE} at a time, the next wave once this one's devices answered; a send that throws is logged. */
export async function inWaves<T extends { job: UpgradeJobRow }>(
  deps: Pick<ServiceDeps, 'clock' | 'log'>,
  items: readonly T[],
  send: (item: T) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += WAVE_SIZE) {
    if (i > 0) await new Promise<void>((resolve) => deps.clock.setTimeout(() => resolve(), WAVE_GAP_MS));
    await Promise.all(
      items.slice(i, i + WAVE_SIZE).map(async (item) => {
        try {
          await send(item);
        } catch (err) {
          deps.log.warn({ err, jobId: item.job.id }, 'upgrade: command not sent');
        }
      }),
    );
  }
}
