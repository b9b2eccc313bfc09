import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** Placeholder until the Map screen lands (issue 6). */
export default function MapPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
