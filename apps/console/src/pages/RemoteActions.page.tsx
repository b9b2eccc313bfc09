import { hasAnyRole, PLATFORM_ADMIN_ROLES } from '@fleet/contracts';
import { AdminRemoteActions } from '../features/remote-actions/AdminRemoteActions';
import { PartnerRemoteActions } from '../features/remote-actions/PartnerRemoteActions';
import { rolesOf, useSessionUser } from '../session/hooks';

/**
 * /remote_actions serves two audiences (spec 000 §2, 001 §2): super users get the platform-admin
 * remote actions, partners the support remote actions. The guard admits both role sets.
 */
export default function RemoteActionsPage() {
  const user = useSessionUser();
  const admin = user !== undefined && hasAnyRole(rolesOf(user), PLATFORM_ADMIN_ROLES);
  if (!admin) return <PartnerRemoteActions />;
  return (
    <div data-testid="remote-actions-admin">
      <AdminRemoteActions />
    </div>
  );
}
