import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** The MyGraphics screen (being built: shown as not available until then). */
export default function MyGraphicsPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
