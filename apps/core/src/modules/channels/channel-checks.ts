/** The checks a channel write passes against its server and the server's other channels (spec 001 §5, §8). */
import { ERROR_CATALOGUE, VALIDATION, type ChannelGeneral, type ChannelLive } from '@fleet/contracts';
import { isOutputChannel } from '@fleet/domain';
import { AppError } from '../../errors.js';
import type { ChannelRecord, ServerRow } from '../../platform/storage/read-model.js';
import { hasPro4k, licensedOutputs } from './channel-rules.js';
import { generalOf, typeFlags } from './presenter.js';

export class ChannelChecks {
  constructor(
    private readonly channels: () => readonly ChannelRecord[],
    private readonly live: (row: ChannelRecord) => ChannelLive,
  ) {}

  /** Spec 001 §5 "Name field has to be unique": channel names are unique per server. */
  requireUniqueName(serverId: string, name: string, self: string | null): void {
    if (this.channels().some((c) => c.serverId === serverId && c.name === name && c.id !== self)) {
      throw new AppError('NAME_IN_USE', [{ path: 'name', message: VALIDATION.nameUnique }], VALIDATION.nameUnique);
    }
  }

  /** Output channels on a server, leaving one channel out. */
  outputsOn(serverId: string, except: string | null): number {
    return this.channels().filter((c) => c.serverId === serverId && c.id !== except && this.live(c).isOutput).length;
  }

  /** Spec 001 §8: output licence, 4K on the channel and the PRO-4K licence, a busy transceiver. */
  checkGeneral(row: ChannelRecord | null, server: ServerRow, general: ChannelGeneral): void {
    const wasOutput = row ? this.live(row).isOutput : false;
    const isOutput = (row?.inputKind ?? null) === null && isOutputChannel(typeFlags(general));
    const licensed = licensedOutputs(server);
    if (isOutput && !wasOutput && licensed !== null && this.outputsOn(server.id, row?.id ?? null) + 1 > licensed) {
      throw new AppError(
        'OUTPUT_CHANNEL_LICENSE_EXCEEDED',
        undefined,
        ERROR_CATALOGUE.OUTPUT_CHANNEL_LICENSE_EXCEEDED.message.replace('{0}', String(licensed)),
      );
    }
    if (general.fourK && !(row && generalOf(row).fourK)) {
      const capabilities = row ? this.live(row).capabilities : {};
      if (row && capabilities['fourK'] !== true) throw new AppError('NO_4K_ON_CHANNEL');
      if (!hasPro4k(server)) throw new AppError('PRO_4K_NOT_AVAILABLE');
    }
    if (row) this.checkTransceiver(server);
  }

  /** Spec 001 §8 "transceiver busy or with an encoder input": its channels cannot be reconfigured or removed then. */
  checkTransceiver(server: ServerRow): void {
    if (server.serverType !== 'transceiver_server') return;
    const channels = this.channels().filter((c) => c.serverId === server.id);
    const encoderInput = channels.some((c) => c.inputKind === 'encoder' && this.live(c).busy);
    if (server.status === 'busy' || encoderInput) throw new AppError('TRANSCEIVER_BUSY');
  }
}
