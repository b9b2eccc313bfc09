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

export function unitStatusLabel(t: TFunction, status: string): string {
  // The key is one of the family's codes (checked just above); the typed t() takes literal keys only.
  return known(UNIT_STATUSES, status) ? t(`units.status.${status}` as 'units.status.idle') : status;
}

export function channelStatusLabel(t: TFunction, status: string): string {
  return known(CHANNEL_STATUSES, status) ? t(`channels.status.${status}` as 'channels.status.idle') : status;
}

export function vrChannelStatusLabel(t: TFunction, status: string): string {
  return known(VR_CHANNEL_STATUSES, status) ? t(`videoReturn.status.${status}` as 'videoReturn.status.idle') : status;
}

export function serverStatusLabel(t: TFunction, status: string): string {
  return known(SERVER_STATUSES, status) ? t(`devices.status.${status}` as 'devices.status.online') : status;
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
