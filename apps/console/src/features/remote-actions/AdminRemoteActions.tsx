/**
 * The system admin console's remote actions (spec 001 §2 /remote_actions, a super-user page): the
 * partner view's devices, actions and history over every inventory, with an inventory filter.
 */
import { RemoteActionsView } from './PartnerRemoteActions';

export function AdminRemoteActions() {
  return <RemoteActionsView admin />;
}
