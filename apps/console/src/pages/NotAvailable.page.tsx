import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../components/NotAvailable';
import type { PageProps } from './types';

/** Every console route whose screen later work builds. */
export default function NotAvailablePage({ route }: PageProps) {
  const { t } = useTranslation();
  return <NotAvailable title={t(`routes.${route.id}`)} />;
}
