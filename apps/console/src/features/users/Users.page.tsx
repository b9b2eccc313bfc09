import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** The Users screen (being built: shown as not available until then). */
export default function UsersPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
