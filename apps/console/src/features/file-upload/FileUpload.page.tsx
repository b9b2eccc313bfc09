import NotAvailablePage from '../../pages/NotAvailable.page';
import type { PageProps } from '../../pages/types';

/** Placeholder until the FileUpload screen lands (issue 6). */
export default function FileUploadPage(props: PageProps) {
  return <NotAvailablePage {...props} />;
}
