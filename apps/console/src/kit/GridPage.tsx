/**
 * The frame of a page whose list is read whole, kept current over /ws and shown in the virtualised
 * DataGrid (channels, groups, video return): the title with the page's controls, the count of rows
 * shown of all, the toggle of the filter panel, what sits above the grid (counters, notes, the
 * filter panel while open), then the grid — or instead its loading, a read that failed, a lost
 * realtime connection (the list can no longer be kept current), or the empty note when there is
 * nothing at all (the grid's own note says that nothing matches the filters). What sits above, the
 * filter panel, the grid and the modals are regions of their own (components/RegionBoundary).
 *
 * Test ids, with `pageTestId` and `testId` the page's two prefixes (`groups` and `group`):
 * `<pageTestId>-page`, `-loading`, `-error` (`data-reason="websocket"` for the lost connection),
 * `-empty`; `<testId>-list-summary` (`data-shown`, `data-total`), `-table`, `-row-<key>`,
 * `-filters-toggle`, `-filters-count`; the grid's own (`grid-<gridId>`, …).
 */
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridProps } from '../components/grid/DataGrid';
import { FiltersToggle } from '../components/FiltersToggle';
import { QueryView } from '../components/QueryView';
import { RegionBoundary } from '../components/RegionBoundary';
import type { QueryLike } from '../components/queryView';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { useRealtime } from '../realtime/RealtimeProvider';

/** The filter panel of a page and its toggle (the panel mounts, and loads, only while open). */
export interface GridFilters {
  readonly open: boolean;
  readonly onToggle: (open: boolean) => void;
  /** How many filters narrow the list. */
  readonly count: number;
  readonly label: string;
  readonly panel: ReactNode;
}

export interface GridPageProps<T> {
  readonly pageTestId: string;
  readonly testId: string;
  /** The page's title (also the document's and the grid's label). */
  readonly title: string;
  readonly query: QueryLike<unknown>;
  readonly errorTitle: string;
  /** How many rows there are before the filters (the empty note shows when none). */
  readonly total: number;
  /** "<shown> of <total>" in the page's words. */
  readonly summary: string;
  readonly emptyText: string;
  /** The grid (its rows: those the filters let through; row test ids, label and note come from the page). */
  readonly grid: Omit<DataGridProps<T>, 'testIdPrefix' | 'rowTestId' | 'ariaLabel' | 'empty'>;
  /** The grid's note when rows exist but none matches the filters. */
  readonly noMatchText: string;
  /** Header controls before the summary, and after it. */
  readonly controls?: ReactNode;
  readonly actions?: ReactNode;
  readonly filters?: GridFilters;
  /** Shown between the header and the filter panel (counters, notes). */
  readonly above?: ReactNode;
  /** Shown between the filter panel and the grid (panels the header opens). */
  readonly below?: ReactNode;
  /** Shown instead of the list when it cannot be read yet (e.g. no group to read it for). */
  readonly instead?: ReactNode;
  /** The page's modals. */
  readonly children?: ReactNode;
}

export function GridPage<T>(props: GridPageProps<T>) {
  const { pageTestId, testId, title, grid, filters, total, instead } = props;
  const { t } = useTranslation();
  useDocumentTitle(title);
  const { listError } = useRealtime();
  const loading = <Loader size="sm" aria-label={t('common.loading')} />;

  let body: ReactNode;
  if (instead) body = instead;
  else if (listError) {
    body = (
      <Alert color="red" data-testid={`${pageTestId}-error`} data-reason="websocket" title={t('realtime.websocketErrorTitle')}>
        {t('realtime.websocketError', { attempts: listError.attempts })}
      </Alert>
    );
  } else {
    body = (
      <QueryView query={props.query} testIdPrefix={pageTestId} errorTitle={props.errorTitle}>
        {() =>
          total === 0 ? (
            <Text c="dimmed" data-testid={`${pageTestId}-empty`}>
              {props.emptyText}
            </Text>
          ) : (
            <DataGrid {...grid} ariaLabel={title} testIdPrefix={testId} empty={props.noMatchText} />
          )
        }
      </QueryView>
    );
  }

  return (
    <Stack gap="sm" data-testid={`${pageTestId}-page`}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2" data-testid="page-title">
          {title}
        </Title>
        <Group gap="sm" align="center">
          {props.controls}
          <Text size="sm" c="dimmed" data-testid={`${testId}-list-summary`} data-shown={grid.rows.length} data-total={total}>
            {props.summary}
          </Text>
          {filters && (
            <FiltersToggle open={filters.open} onToggle={filters.onToggle} count={filters.count} label={filters.label} testIdPrefix={`${testId}-filters`} />
          )}
          {props.actions}
        </Group>
      </Group>
      {props.above && <RegionBoundary kind="panel">{props.above}</RegionBoundary>}
      {filters?.open && (
        <Paper withBorder p="sm" radius="md">
          <RegionBoundary kind="panel">
            <Suspense fallback={loading}>{filters.panel}</Suspense>
          </RegionBoundary>
        </Paper>
      )}
      {props.below && (
        <RegionBoundary kind="panel">
          <Suspense fallback={loading}>{props.below}</Suspense>
        </RegionBoundary>
      )}
      <div data-testid={`${testId}-table`}>
        <RegionBoundary kind="table">{body}</RegionBoundary>
      </div>
      <RegionBoundary kind="dialog">
        <Suspense fallback={null}>{props.children}</Suspense>
      </RegionBoundary>
    </Stack>
  );
}
