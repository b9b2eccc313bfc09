/**
 * What a recording saw of users and audio rooms (pure; part of mock/fleet-capture.ts). Users: the
 * users pages (GET v2/users), a user (GET v2/users/{id} and the answers of its writes), the signed-in
 * user (GET users/current: the fields it shares with a user's row) and `user.changed` / `user.removed`; audio rooms: an inventory's room list
 * (GET v2/inventories/{id}/audioRooms), a room (GET v2/audioRooms/{id} and its writes' answers) and
 * `audioRoom.changed` / `audioRoom.removed`. Each answer comes parsed with its call's answer schema;
 * the last word on a field stands. No answer carries a password: a user's password is never captured.
 */
import type { AudioRoom, CurrentUser, UserAccount, UserAccountDetail } from '@fleet/contracts';
import { columnsOf, same, type CapturedObject, type ColumnMap, type Row } from './fleet-capture-columns.js';

const USER_COLUMNS: ColumnMap = {
  ...same('string', 'username', 'firstName', 'lastName', 'userType', 'passwordExpiryPolicy'),
  ...same('string?', 'email', 'userLabel'),
  ...same('bool', 'active', 'sso', 'enterprise', 'onDemandActivation', 'receiveUpdates'),
  ...same('json', 'roles'),
  ...same('date?', 'passwordExpiresAt', 'lastLoginAt'),
  ...same('int', 'version'),
};
const AUDIO_ROOM_COLUMNS: ColumnMap = {
  ...same('string', 'name', 'inventoryId'),
  ...same('string?', 'serverId'),
  ...same('bool', 'intercom', 'active'),
  ...same('json', 'participants'),
  ...same('int', 'version'),
};

function objectOf(map: Map<string, CapturedObject>, id: string): CapturedObject {
  let o = map.get(id);
  if (!o) map.set(id, (o = { id, columns: {} }));
  return o;
}

/** A user (a page's row, a user's detail or the signed-in user): columns, inventories, and groups when the answer shows them. */
export function captureUser(map: Map<string, CapturedObject>, u: UserAccount | UserAccountDetail | CurrentUser): void {
  const o = objectOf(map, u.id);
  Object.assign(o.columns, columnsOf(u as unknown as Row, USER_COLUMNS));
  o.inventoryIds = u.inventories.map((i) => i.id);
  if ('groups' in u) o.groupIds = u.groups.map((g) => g.id);
}

/** An audio room with its participants. */
export function captureAudioRoom(map: Map<string, CapturedObject>, r: AudioRoom): void {
  Object.assign(objectOf(map, r.id).columns, columnsOf(r as unknown as Row, AUDIO_ROOM_COLUMNS));
}
