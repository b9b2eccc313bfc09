/** A page's heading (test id `page-title`): its one level-one heading, at the size of a section title; it names the browser tab too. */
import { Title } from '@mantine/core';
import { useDocumentTitle } from './useDocumentTitle';

export function PageTitle({ title }: { readonly title: string }) {
  useDocumentTitle(title);
  return (
    <Title order={1} size="h2" data-testid="page-title">
      {title}
    </Title>
  );
}
