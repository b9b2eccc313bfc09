import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** The Groups screen (being built: shown as not available until then). */
export default function GroupsPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
