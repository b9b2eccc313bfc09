import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** Placeholder until the Multiview screen lands (issue 6). */
export default function MultiviewPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
