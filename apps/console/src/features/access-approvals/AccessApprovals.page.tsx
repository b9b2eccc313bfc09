/**
 * Access approvals (spec 001 §2 /access_approvals; §4 active, expired, used).
 */
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import type { PageProps } from '../../pages/types';

export default function AccessApprovalsPage({ route }: PageProps) {
  const { t } = useTranslation();
  return <NotAvailable title={t(`routes.${route.id}`)} />;
}
