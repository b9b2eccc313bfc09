/**
 * An edit modal that reads its entity fresh by id before it opens (the list row may be stale: a
 * change made in another console since the list was read), so the form starts from the entity as
 * the core keeps it now and saves with its current version. While the read runs a modal shows a
 * loader; when it fails (e.g. the entity was deleted meanwhile) the modal says why in the spec's
 * words. The list row and the fresh copy meet under the cache rule (kit/cache `newest`).
 *
 * Test ids: `<testId>-fresh-loading`, `<testId>-fresh-error`, `<testId>-fresh-close`.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../api/errorMessage';
import { newest, type Op, type Versioned } from '../../kit';

interface FreshEditProps<E extends Versioned & { readonly id: string }> {
  /** The read of one entity by id. */
  readonly read: Op<string, E>;
  /** The list's row of the entity. */
  readonly row: E;
  readonly testId: string;
  /** The modal's title while it reads (the edit modal's own). */
  readonly title: string;
  readonly onClose: () => void;
  /** The edit modal, given the entity as read now. */
  readonly children: (fresh: E) => ReactNode;
}

export function FreshEdit<E extends Versioned & { readonly id: string }>({ read, row, testId, title, onClose, children }: FreshEditProps<E>) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const query = useQuery({ queryKey: read.key(row.id), queryFn: ({ signal }) => read.run(row.id, signal), staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, retry: false });
  if (query.data !== undefined) return <>{children(newest(row, query.data))}</>;
  return (
    <Modal opened onClose={onClose} title={title} data-testid={`${testId}-fresh`}>
      {query.isError ? (
        <Stack gap="sm">
          <Alert color="red" data-testid={`${testId}-fresh-error`}>
            {errorText(query.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid={`${testId}-fresh-close`}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} data-testid={`${testId}-fresh-loading`} />
      )}
    </Modal>
  );
}
