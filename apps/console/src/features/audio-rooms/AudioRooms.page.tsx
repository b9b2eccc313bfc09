import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** The AudioRooms screen (being built: shown as not available until then). */
export default function AudioRoomsPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
