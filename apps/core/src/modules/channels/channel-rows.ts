/**
 * Channels in storage: the one way a call or a device event writes into a channel row that other
 * writers change too.
 */
import type { Db, Prisma } from '@fleet/db';
import { AppError } from '../../errors.js';
import type { ChannelRecord, MemoryTable } from '../../platform/storage/read-model.js';

/** How many times a merging write reads a channel row again after it changed under the write, before answering 409. */
export const CHANNEL_WRITE_ATTEMPTS = 5;

/**
 * Writes into a channel row as it is now. `data` is built from the current row (the read model's)
 * and written at that row's version. When another write landed in between (a status report, a
 * server's event, another call, a write of another instance), the row is read again and `data`
 * built again from it, at most {@link CHANNEL_WRITE_ATTEMPTS} times, then CONFLICT. `data`
 * answering null writes nothing. A row that is not there is NOT_FOUND. Answers the row after the
 * write (the read model follows the write before it is acknowledged).
 *
 * A call that carries a version checks it against the row it started from, before it waits on
 * the device; what changes the row during that wait is merged into, not refused.
 */
export async function mergeIntoChannel(
  db: Db,
  channels: MemoryTable<ChannelRecord>,
  id: string,
  data: (current: ChannelRecord) => Prisma.ChannelUpdateManyMutationInput | null,
): Promise<ChannelRecord> {
  for (let attempt = 0; attempt < CHANNEL_WRITE_ATTEMPTS; attempt++) {
    const current = channels.get(id);
    if (!current) throw new AppError('NOT_FOUND');
    const update = data(current);
    if (update === null) return current;
    const { count } = await db.channel.updateMany({ where: { id, version: current.version }, data: { ...update, version: { increment: 1 } } });
    if (count > 0) {
      const after = channels.get(id);
      if (!after) throw new AppError('NOT_FOUND');
      return after;
    }
  }
  throw new AppError('CONFLICT');
}
