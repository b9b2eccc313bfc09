/**
 * Outgoing e-mail and SMS of the mock core. A real core hands them to a mail or SMS gateway; the
 * mock has none, so a message is "sent" by recording it here (newest last, a bounded memory log)
 * — tests and end-to-end runs read what was sent, e.g. the verification link a new alert
 * recipient must open (spec 001 §4), from `sent(to)`.
 *
 * Spec 001 §8 "generic email/SMS error, try again" is reachable by its cause: a recipient the
 * gateway refuses. The mock refuses e-mail addresses in the reserved `.invalid` top-level domain
 * (RFC 2606: never deliverable) and phone numbers made only of zeros; callers check before they
 * store anything, so a refused send changes nothing.
 */
import { AppError } from '../errors.js';
import type { Clock } from './clock.js';

export type OutboxChannel = 'email' | 'sms';

export interface SentMessage {
  channel: OutboxChannel;
  to: string;
  subject: string;
  body: string;
  /** The link the message carries, if any (relative to the core's origin). */
  link: string | null;
  at: number;
}

/** How many sent messages are kept (the oldest go first). */
const KEEP = 1000;

/** Whether the (mock) gateway accepts this recipient. */
export function deliverable(channel: OutboxChannel, to: string): boolean {
  if (channel === 'sms') return !/^0+$/.test(to);
  return !to.toLowerCase().endsWith('.invalid');
}

export class Outbox {
  private readonly messages: SentMessage[] = [];

  constructor(private readonly clock: Clock) {}

  /** 001 §8 generic email/SMS error when the gateway would refuse one of these recipients. */
  assertDeliverable(recipients: readonly { channel: OutboxChannel; to: string }[]): void {
    if (recipients.some((r) => !deliverable(r.channel, r.to))) throw new AppError('EMAIL_SMS_ERROR');
  }

  send(message: Omit<SentMessage, 'at'>, at = this.clock.now()): SentMessage {
    const sent = { ...message, at };
    this.messages.push(sent);
    if (this.messages.length > KEEP) this.messages.splice(0, this.messages.length - KEEP);
    return sent;
  }

  /** What was sent, oldest first; only to this recipient when given (case-insensitive). */
  sent(to?: string): readonly SentMessage[] {
    if (to === undefined) return [...this.messages];
    const want = to.toLowerCase();
    return this.messages.filter((m) => m.to.toLowerCase() === want);
  }
}
