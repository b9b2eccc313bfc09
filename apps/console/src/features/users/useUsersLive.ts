/**
 * Keeps the user lists, the open user and the organisation's user licences current from /ws
 * (user.changed / user.removed on the topics of the user's inventories and their groups): they are
 * read again (the lists are sorted and paged by the core). The licences count active users, and
 * an organisation's max users is a system setting.
 */
import { useStaleReads } from '../../kit/useLiveEvents';

export function useUsersLive(): void {
  useStaleReads((event) => {
    if (event.type === 'user.changed' || event.type === 'user.removed') return ['searchUsers', 'getUser', 'getUserLicences'];
    return event.type === 'systemSetting.changed' && event.kind === 'organization' ? ['getUserLicences'] : [];
  });
}
