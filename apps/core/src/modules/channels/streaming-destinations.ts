/**
 * Streaming destinations of channels (spec 001 §3 Streaming destination). They are not part of the
 * read model (no hot read lists them: the streaming-destination tab asks for one channel's at a
 * time), so this repository reads them from storage, a channel at a time.
 */
import type { Db, Prisma } from '@fleet/db';

export type DestinationRow = Prisma.StreamingDestinationGetPayload<object>;

export class StreamingDestinationRepository {
  constructor(private readonly db: Db) {}

  ofChannel(channelId: string): Promise<DestinationRow[]> {
    return this.db.streamingDestination.findMany({ where: { channelId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** The destination when it belongs to the channel, else null (another channel's is as unknown). */
  async ofChannelById(channelId: string, id: string): Promise<DestinationRow | null> {
    return this.db.streamingDestination.findFirst({ where: { id, channelId } });
  }

  create(data: Prisma.StreamingDestinationUncheckedCreateInput): Promise<DestinationRow> {
    return this.db.streamingDestination.create({ data });
  }

  /** Applies when the row is still at `version`; false when it changed (or went) meanwhile. */
  async update(id: string, version: number, data: Prisma.StreamingDestinationUncheckedUpdateManyInput): Promise<boolean> {
    const { count } = await this.db.streamingDestination.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } });
    return count > 0;
  }

  async remove(id: string): Promise<void> {
    await this.db.streamingDestination.deleteMany({ where: { id } });
  }
}
