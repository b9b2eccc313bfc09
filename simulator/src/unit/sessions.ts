/**
 * What a unit runs alongside its applications: its two intercom sessions (spec 000 §3), each
 * running the activity of its mode (an audio-room session `audioRoom`, a target-channel session
 * `ifb`), and the live stream forwarded to social media and a CDN. All of it ends with the power.
 */
import type { UnitApplicationKey } from '@fleet/contracts';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { UnitHost } from './host.js';
import type { ExternalStreamKind, IntercomMode, IntercomSession } from './state.js';

type Intercoms = Partial<Record<IntercomSession, IntercomMode>>;

function intercomApplication(mode: IntercomMode): UnitApplicationKey {
  return mode === 'audioRoom' ? 'audioRoom' : 'ifb';
}

export class UnitSessions {
  private open: Intercoms = {};
  private forwards: Partial<Record<ExternalStreamKind, string>> = {};

  constructor(private readonly host: UnitHost) {}

  /** The intercom sessions open, by session. */
  get intercoms(): Intercoms {
    return this.open;
  }

  /** The destinations the live stream is forwarded to, by kind. */
  get externalStreams(): Partial<Record<ExternalStreamKind, string>> {
    return this.forwards;
  }

  get intercomCount(): number {
    return (this.open[1] ? 1 : 0) + (this.open[2] ? 1 : 0);
  }

  get externalCount(): number {
    return (this.forwards.social_media ? 1 : 0) + (this.forwards.cdn ? 1 : 0);
  }

  /** Open an intercom session. A session already open in the other mode makes the unit busy. */
  openIntercom(session: IntercomSession, mode: IntercomMode): Reaction {
    const sessions = this.liveIntercoms();
    const current = sessions[session];
    if (current && current !== mode) return refused('UNIT_BUSY');
    const r = this.host.startApp(intercomApplication(mode));
    if (r.ok) this.open = { ...sessions, [session]: mode };
    return r;
  }

  /** Close a session; its activity stops when no other session needs it. */
  closeIntercom(session: IntercomSession): Reaction {
    const sessions = { ...this.liveIntercoms() };
    const mode = sessions[session];
    if (!mode) return accepted;
    delete sessions[session];
    this.open = sessions;
    if (Object.values(sessions).includes(mode)) return accepted;
    return this.host.stopApp(intercomApplication(mode));
  }

  /** The open sessions whose activity still runs (an outage or a stop ended the others). */
  private liveIntercoms(): Intercoms {
    const live: Intercoms = {};
    for (const session of [1, 2] as const) {
      const mode = this.open[session];
      if (mode && this.host.apps.has(intercomApplication(mode))) live[session] = mode;
    }
    return live;
  }

  /** Forward the live stream to a destination: needs a live stream. */
  startExternalStream(kind: ExternalStreamKind, destinationId: string): Reaction {
    if (!this.host.apps.has('video')) return refused('UNIT_NOT_STREAMING');
    this.forwards = { ...this.forwards, [kind]: destinationId };
    return accepted;
  }

  stopExternalStream(kind: ExternalStreamKind): Reaction {
    const { [kind]: _stopped, ...rest } = this.forwards;
    this.forwards = rest;
    return accepted;
  }

  /** The unit went off: every session and forward ends. */
  release(): void {
    this.open = {};
    this.forwards = {};
  }
}
