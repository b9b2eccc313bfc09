/**
 * The one label of each status family, in the user's language: a unit's status (spec 000 §3, e.g.
 * `storeandforward` → "Store & Forward"), a channel's (spec 001 §3) and a server's. Every screen
 * shows a status through these (and a video return channel's), never its code; a code this console does not know (a newer core)
 * shows as it came.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CHANNEL_STATUSES, UNIT_STATUSES, VR_CHANNEL_STATUSES } from '@fleet/contracts';

const SERVER_STATUSES = ['online', 'offline', 'busy', 'upgrading', 'unknown'] as const;

const known = (codes: readonly string[], status: string) => codes.includes(status);

/** A status an answer left out or null shows as "—"; one this console does not know, as it came. */
const shown = (status: string | null | undefined) => (typeof status === 'string' && status !== '' ? status : '—');

export function unitStatusLabel(t: TFunction, status: string): string {
  // The key is one of the family's codes (checked just above); the typed t() takes literal keys only.
  return known(UNIT_STATUSES, status) ? t(`units.status.${status}` as 'units.status.idle') : shown(status);
}

export function channelStatusLabel(t: TFunction, status: string): string {
  return known(CHANNEL_STATUSES, status) ? t(`channels.status.${status}` as 'channels.status.idle') : shown(status);
}

export function vrChannelStatusLabel(t: TFunction, status: string): string {
  return known(VR_CHANNEL_STATUSES, status) ? t(`videoReturn.status.${status}` as 'videoReturn.status.idle') : shown(status);
}

export function serverStatusLabel(t: TFunction, status: string): string {
  return known(SERVER_STATUSES, status) ? t(`devices.status.${status}` as 'devices.status.online') : shown(status);
}

/** The labels as functions of the status, following the user's language. */
export function useStatusLabels(): {
  readonly unit: (status: string) => string;
  readonly channel: (status: string) => string;
  readonly server: (status: string) => string;
} {
  const { t } = useTranslation();
  const unit = useCallback((status: string) => unitStatusLabel(t, status), [t]);
  const channel = useCallback((status: string) => channelStatusLabel(t, status), [t]);
  const server = useCallback((status: string) => serverStatusLabel(t, status), [t]);
  return { unit, channel, server };
}

const TALLIES = ['program', 'preview', 'off'] as const;

/** A unit's tally (program, preview, off) in the user's language; another value shows as it came. */
export function tallyLabel(t: TFunction, tally: string): string {
  const code = (tally ?? '').trim().toLowerCase();
  return known(TALLIES, code) ? t(`units.tally.${code}` as 'units.tally.off') : shown(tally);
}

/**
 * A link's name in the user's language: the names units give their links by default ("Modem 3",
 * "Ethernet", "Wi-Fi") are translated; a name given by a person shows as it is.
 */
export function modemNameLabel(t: TFunction, modem: { readonly name: string; readonly uiType: string }): string {
  const cell = /^Modem (\d+)$/.exec(modem.name);
  if (cell && modem.uiType === 'cell') return t('units.modemNames.cell', { number: Number(cell[1]) });
  if (modem.name === 'Ethernet' && modem.uiType === 'lan') return t('units.modemNames.lan');
  if (modem.name === 'Wi-Fi' && modem.uiType === 'wifi') return t('units.modemNames.wifi');
  return modem.name;
}
