/**
 * Role-matrix examples of the users calls (see ../catalogue-examples.ts for what an example is).
 * Each role acts on its own users of the shared inventory (`r.user`, `r.deleteUser`); the users it
 * creates are named after the role.
 */
import type { userAccountEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const PASSWORD = 'Matrix-Pass1';

export const USERS_EXAMPLES: { [K in keyof typeof userAccountEndpoints]: Example<K> } = {
  searchUsers: { input: (r) => ({ query: { searchKey: 'username', searchValue: 'matrix', inventoryId: r.inventory } }) },
  getUserLicences: { input: () => ({}) },
  getUser: { input: (r) => ({ params: { id: r.user } }) },
  createUser: {
    input: (r, w) => ({
      body: {
        username: `matrix-new-${w.role.replace(/_/g, '-')}`,
        firstName: 'Matrix',
        lastName: 'Newcomer',
        email: `matrix-new-${w.role.replace(/_/g, '-')}@example.com`,
        userType: 'luc_regular',
        inventoryIds: [r.inventory],
        groupIds: [r.group],
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        passwordExpiryPolicy: '6',
      },
    }),
  },
  updateUser: { input: (r) => ({ params: { id: r.user }, body: { firstName: 'Edited', userLabel: 'Matrix', passwordExpiryPolicy: '3' } }) },
  setUserActive: { input: (r) => ({ params: { id: r.user }, body: { active: false } }) },
  deleteUser: { input: (r) => ({ params: { id: r.deleteUser } }) },
  getUserInventories: { input: (r) => ({ params: { id: r.user } }) },
  setUserInventories: { input: (r) => ({ params: { id: r.user }, body: { inventoryIds: [r.inventory] } }) },
  getUserGroups: { input: (r) => ({ params: { id: r.user } }) },
  setUserGroups: { input: (r) => ({ params: { id: r.user }, body: { groupIds: [r.group] } }) },
  setUserPassword: { input: (r) => ({ params: { id: r.user }, body: { password: PASSWORD, passwordConfirmation: PASSWORD } }) },
};
