/** A page's heading (test id `page-title`), which names the browser tab too. */
import { Title } from '@mantine/core';
import { useDocumentTitle } from './useDocumentTitle';

export function PageTitle({ title }: { readonly title: string }) {
  useDocumentTitle(title);
  return (
    <Title order={2} data-testid="page-title">
      {title}
    </Title>
  );
}
