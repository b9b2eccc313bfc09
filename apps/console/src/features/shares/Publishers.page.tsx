import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import type { PageProps } from '../../pages/types';

export default function PublishersPage({ route }: PageProps) {
  const { t } = useTranslation();
  return <NotAvailable title={t(`routes.${route.id}`)} />;
}
