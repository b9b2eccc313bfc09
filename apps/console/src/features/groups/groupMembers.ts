/**
 * The general tab's member lists (spec 001 §3 Group: units, channels, video return channels,
 * users): the user's own edits (what they added and removed) over the lists as saved now, and the
 * update_details body with only what changed (each member list given replaces that kind, so
 * unchanged kinds are left out and a concurrent change of another kind is not undone). The edits
 * are kept apart from the saved lists so that a member another console adds or removes meanwhile
 * (the group's detail is read again on its event) is neither dropped nor sent back.
 */
import type { GroupAutoAssociation, GroupDetail, GroupMembersBody, UpdateGroupDetailsBody } from '@fleet/contracts';

export const MEMBER_KINDS = ['units', 'channels', 'vrChannels', 'users'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export type MemberDraft = Readonly<Record<MemberKind, readonly string[]>>;

const FIELD = { units: 'unitIds', channels: 'channelIds', vrChannels: 'vrChannelIds', users: 'userIds' } as const satisfies Record<
  MemberKind,
  keyof GroupDetail['members']
>;

export function draftOf(detail: Pick<GroupDetail, 'members'>): MemberDraft {
  return { units: detail.members.unitIds, channels: detail.members.channelIds, vrChannels: detail.members.vrChannelIds, users: detail.members.userIds };
}

/** What each saved member is called, by kind (a user: "username (full name)", or the username alone). */
export function memberNames(detail: Pick<GroupDetail, 'memberNames'>): Readonly<Record<MemberKind, ReadonlyMap<string, string>>> {
  const n = detail.memberNames;
  const byId = (members: readonly { id: string; name: string }[]) => new Map(members.map((m) => [m.id, m.name]));
  return {
    units: byId(n.units),
    channels: byId(n.channels),
    vrChannels: byId(n.vrChannels),
    users: new Map(n.users.map((u) => [u.id, u.fullName === '' ? u.username : `${u.username} (${u.fullName})`])),
  };
}

/** Every member list of the draft as a body's members (a new group made from it, POST groups/add_details). */
export function membersBody(draft: MemberDraft): GroupMembersBody {
  return { unitIds: [...draft.units], channelIds: [...draft.channels], vrChannelIds: [...draft.vrChannels], userIds: [...draft.users] };
}

/** What the user added and removed, by kind. */
export type MemberEdits = Readonly<Record<MemberKind, { readonly added: readonly string[]; readonly removed: readonly string[] }>>;

const none = { added: [], removed: [] } as const;
export const NO_EDITS: MemberEdits = { units: none, channels: none, vrChannels: none, users: none };

/** The user puts a member in (`on`) or takes one out, over the lists as saved now. */
export function withMember(edits: MemberEdits, saved: MemberDraft, kind: MemberKind, id: string, on: boolean): MemberEdits {
  const without = (ids: readonly string[]) => ids.filter((m) => m !== id);
  const { added, removed } = edits[kind];
  const next = on
    ? { added: saved[kind].includes(id) ? without(added) : [...without(added), id], removed: without(removed) }
    : { added: without(added), removed: saved[kind].includes(id) ? [...without(removed), id] : without(removed) };
  return { ...edits, [kind]: next };
}

/** The member lists as the user sees them: the saved ones with their edits applied. */
export function withEdits(saved: MemberDraft, edits: MemberEdits): MemberDraft {
  const apply = (kind: MemberKind) => {
    const { added, removed } = edits[kind];
    const kept = saved[kind].filter((id) => !removed.includes(id));
    return [...kept, ...added.filter((id) => !kept.includes(id))];
  };
  return { units: apply('units'), channels: apply('channels'), vrChannels: apply('vrChannels'), users: apply('users') };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

/** The body of POST groups/update_details for what the draft changed; null when nothing did. */
export function detailsUpdate(
  detail: GroupDetail,
  draft: { readonly name: string; readonly autoAssociation: GroupAutoAssociation; readonly members: MemberDraft },
): UpdateGroupDetailsBody | null {
  const body: { -readonly [K in keyof UpdateGroupDetailsBody]: UpdateGroupDetailsBody[K] } = { id: detail.id, version: detail.version };
  let changed = false;
  if (draft.name !== detail.name) {
    body.name = draft.name;
    changed = true;
  }
  const flags = (Object.keys(draft.autoAssociation) as (keyof GroupAutoAssociation)[]).filter((k) => draft.autoAssociation[k] !== detail.autoAssociation[k]);
  if (flags.length > 0) {
    body.autoAssociation = Object.fromEntries(flags.map((k) => [k, draft.autoAssociation[k]]));
    changed = true;
  }
  const before = draftOf(detail);
  const members: Record<string, string[]> = {};
  for (const kind of MEMBER_KINDS) if (!sameSet(before[kind], draft.members[kind])) members[FIELD[kind]] = [...draft.members[kind]];
  if (Object.keys(members).length > 0) {
    body.members = members;
    changed = true;
  }
  return changed ? body : null;
}
