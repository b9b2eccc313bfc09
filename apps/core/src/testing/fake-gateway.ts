/**
 * The device gateway of the fast module tier: a {@link DeviceGateway} with no shard behind it. It
 * records every command the service under test sends (to a unit or to a receiving server) and
 * answers each one at once with what the test scripted: accepted by default, or a refusal, or an
 * answer computed from the command. Nothing else of the gateway changes (its fleet, its listeners).
 */
import type { DeviceAck, DeviceCommand, ServerCommand } from '@fleet/contracts';
import { DeviceGateway } from '../platform/gateway.js';
import type { ServiceLogger } from '../modules/deps.js';
import type { Clock } from '../platform/clock.js';

/** One command the service sent: to a unit's device (`unit`) or to a receiving server (`server`). */
export type SentCommand = { to: 'unit'; unitId: string; command: DeviceCommand } | { to: 'server'; serverId: string; command: ServerCommand };

/** What the device answers: `ok`, a refusal (an ErrorCode of the catalogue), or a whole acknowledgement. */
export type ScriptedAnswer = 'ok' | { refuse: string; deviceCode?: number; params?: string[] } | Omit<DeviceAck, 'kind' | 'commandId'>;

type Script = (sent: SentCommand) => ScriptedAnswer | undefined;

export class FakeGateway extends DeviceGateway {
  /** Every command sent, in order (`notify` included). */
  readonly sent: SentCommand[] = [];
  private scripts: Script[] = [];
  private next = 0;

  constructor(log: ServiceLogger, clock: Clock) {
    super(1_000, log, clock);
  }

  /**
   * From now on, a command `script` answers (undefined: the next script, then `ok`) is answered so.
   * The latest script is asked first.
   */
  answer(script: Script): void {
    this.scripts.unshift(script);
  }

  /** The commands sent to one unit or server. */
  sentTo(id: string): (DeviceCommand | ServerCommand)[] {
    return this.sent.filter((s) => (s.to === 'unit' ? s.unitId : s.serverId) === id).map((s) => s.command);
  }

  /** Forgets what was sent and every script. */
  reset(): void {
    this.sent.length = 0;
    this.scripts = [];
  }

  override send(unitId: string, command: DeviceCommand, atAck?: () => void): Promise<DeviceAck> {
    const ack = this.reply({ to: 'unit', unitId, command });
    atAck?.();
    return Promise.resolve(ack);
  }

  override notify(unitId: string, command: DeviceCommand): void {
    this.reply({ to: 'unit', unitId, command });
  }

  override sendToServer(serverId: string, command: ServerCommand): Promise<DeviceAck> {
    return Promise.resolve(this.reply({ to: 'server', serverId, command }));
  }

  private reply(sent: SentCommand): DeviceAck {
    this.sent.push(sent);
    const commandId = `fake-${++this.next}`;
    let answer: ScriptedAnswer = 'ok';
    for (const script of this.scripts) {
      const a = script(sent);
      if (a !== undefined) {
        answer = a;
        break;
      }
    }
    if (answer === 'ok') return { kind: 'ack', commandId, ok: true };
    if ('refuse' in answer)
      return {
        kind: 'ack',
        commandId,
        ok: false,
        error: answer.refuse,
        ...(answer.deviceCode === undefined ? {} : { deviceCode: answer.deviceCode }),
        ...(answer.params ? { params: answer.params } : {}),
      };
    return { kind: 'ack', commandId, ...answer };
  }
}
