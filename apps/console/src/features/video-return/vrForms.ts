/**
 * The /video_return forms as data: the configuration tab (spec 001 §3 video return configuration:
 * input type disabled / SDI / SRT, URL, passphrase, destination port, latency; name, description)
 * and feed sharing (the groups and inventories the channel is shared with). Numbers are typed as
 * text: '' is "not set", anything else must parse, and the call's catalogue schema then words the
 * problem as the spec does. No React here.
 */
import { VALIDATION } from '@fleet/contracts';
import type { UpdateAdminVrChannelBody, UpdateVrChannelBody, VrChannelDetail } from '@fleet/contracts';
import { numberText, parseNumber } from '../../lib/forms/fieldErrors';
import type { FieldErrors } from '../../lib/forms/fieldErrors';

export type VrConfigForm = ReturnType<typeof vrConfigForm>;

export function vrConfigForm(channel: VrChannelDetail) {
  const c = channel.configuration;
  return {
    name: channel.name,
    description: channel.description,
    inputType: c.inputType,
    url: c.url ?? '',
    passphrase: c.passphrase ?? '',
    destinationPort: numberText(c.destinationPort),
    latency: numberText(c.latency),
  };
}

/** '' → null (cleared), else the number (NaN when it is not one: the schema says so). */
const nullableNumber = (value: string): number | null => parseNumber(value) ?? null;
const nullableText = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * POST v0/video-return-channels/{uniqueId}/update, body `channel`, at the version the form was
 * read at. The SRT fields are sent only with the SRT input (another input type keeps them as they
 * are, so switching back to SRT finds them again).
 */
export function vrConfigBody(values: VrConfigForm, version: number): UpdateVrChannelBody {
  const srt =
    values.inputType === 'srt'
      ? {
          url: nullableText(values.url),
          passphrase: nullableText(values.passphrase),
          destinationPort: nullableNumber(values.destinationPort),
          latency: nullableNumber(values.latency),
        }
      : {};
  return { channel: { name: values.name.trim(), description: values.description, inputType: values.inputType, ...srt, version } };
}

/** The SRT input needs its URL (the core checks it too); the schema cannot say so for an optional field. */
export function vrConfigExtra(values: VrConfigForm): FieldErrors {
  return values.inputType === 'srt' && values.url.trim() === '' ? { 'channel.url': VALIDATION.required } : {};
}

export type VrSharingForm = Readonly<ReturnType<typeof vrSharingForm>>;

export function vrSharingForm(channel: Pick<VrChannelDetail, 'inventoryIds' | 'groupIds'>) {
  return { inventoryIds: [...channel.inventoryIds].sort(), groupIds: [...channel.groupIds].sort() };
}

/**
 * PUT v2/admin/vrChannels/{uid}: the inventories and groups the channel is shared with. Only
 * groups of the chosen inventories stay shared (the core drops the others too).
 */
export function vrSharingBody(values: VrSharingForm, groupInventory: ReadonlyMap<string, string>, version: number): UpdateAdminVrChannelBody {
  const groupIds = values.groupIds.filter((id) => {
    const inventory = groupInventory.get(id);
    return inventory === undefined || values.inventoryIds.includes(inventory);
  });
  return { inventoryIds: [...values.inventoryIds], groupIds, version };
}

/** A group checked or unchecked. */
export function toggleId(ids: readonly string[], id: string, on: boolean): string[] {
  const rest = ids.filter((x) => x !== id);
  return on ? [...rest, id].sort() : rest;
}
