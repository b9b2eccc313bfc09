/** The rules of shares that are not storage: share keys, a publisher's sources (spec 001 §5). */
import { randomBytes } from 'node:crypto';
import { VALIDATION, type FieldProblem, type PublisherSourcesBody, RULES } from '@fleet/contracts';
import type { ReadModel } from '../../platform/storage/read-model.js';

/** 12 characters from an alphabet without look-alikes (0/O, 1/I), easy to read out and type. */
export function newShareKey(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Each source a channel (video return channel) of the group, named once. */
export function sourceProblems(
  readModel: Pick<ReadModel, 'channels' | 'vrChannels'>,
  groupId: string,
  sources: PublisherSourcesBody | undefined,
): FieldProblem[] {
  if (sources === undefined) return [];
  const problems: FieldProblem[] = [];
  const check = (
    ids: readonly string[],
    field: 'channelIds' | 'vrChannelIds',
    find: (id: string) => { groups: readonly { groupId: string }[] } | undefined,
  ) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      const path = `body.sources.${field}.${i}`;
      if (seen.has(id)) problems.push({ path, message: VALIDATION.fieldUnique });
      else if (!find(id)?.groups.some((g) => g.groupId === groupId)) problems.push({ path, message: RULES.notOfGroup });
      seen.add(id);
    });
  };
  check(sources.channelIds, 'channelIds', (id) => readModel.channels.get(id));
  check(sources.vrChannelIds, 'vrChannelIds', (id) => readModel.vrChannels.get(id));
  return problems;
}
