/**
 * The system admin console's remote actions (spec 001 §2 /remote_actions, a super-user page).
 */
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';

export function AdminRemoteActions() {
  const { t } = useTranslation();
  return <NotAvailable title={t('routes.remoteActionsAdmin')} />;
}
