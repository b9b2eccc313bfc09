import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** Placeholder until the Files screen lands (issue 6). */
export default function FilesPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
