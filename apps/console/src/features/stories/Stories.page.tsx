import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** Placeholder until the Stories screen lands (issue 6). */
export default function StoriesPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
