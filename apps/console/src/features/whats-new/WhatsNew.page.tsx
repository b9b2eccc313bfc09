/**
 * What's new (spec 001 §2 /whats_new).
 */
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import type { PageProps } from '../../pages/types';

export default function WhatsNewPage({ route }: PageProps) {
  const { t } = useTranslation();
  return <NotAvailable title={t(`routes.${route.id}`)} />;
}
