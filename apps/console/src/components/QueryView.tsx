/**
 * The loading and failure scaffolding the list pages share (map, stories): a centred loader while
 * the query first loads, a red alert with the translated api error when it fails, else the page's
 * content for the data. Test ids: `<testIdPrefix>-loading`, `<testIdPrefix>-error`.
 */
import type { ReactNode } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../api/errorMessage';
import { queryViewState, type QueryLike } from './queryView';

interface QueryViewProps<T> {
  readonly query: QueryLike<T>;
  /** Prefix of the loader's and the alert's data-testid (e.g. `map` → `map-loading`, `map-error`). */
  readonly testIdPrefix: string;
  /** Title of the failure alert (the page's own "could not be loaded" text). */
  readonly errorTitle: string;
  readonly children: (data: T) => ReactNode;
}

export function QueryView<T>({ query, testIdPrefix, errorTitle, children }: QueryViewProps<T>) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const state = queryViewState(query);
  switch (state.kind) {
    case 'loading':
      return (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} data-testid={`${testIdPrefix}-loading`} />
        </Center>
      );
    case 'error':
      return (
        <Alert color="red" title={errorTitle} data-testid={`${testIdPrefix}-error`}>
          {errorMessage(state.error)}
        </Alert>
      );
    case 'ready':
      return <>{children(state.data)}</>;
  }
}
