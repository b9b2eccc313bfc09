/**
 * The frame of a modal of tabs whose open tab the address names (a link that survives a reload):
 * the title, a note for users who may only look (spec 001 §6: the values without Apply buttons),
 * the tabs once the entity is read — or its loading, or what stands instead (a read that failed,
 * with Retry; "not found") — and Close. The channel, video return and unit configuration modals
 * show through it; each owns its reads, its tab parameter and its tabs' content.
 *
 * Test ids, with `testId` the modal's and `tabTestId` the tabs' prefix: `<testId>` (with
 * `data-read-only` and the caller's `data`), `-read-only`, `-loading`, `-error`, `-retry`,
 * `-close`, `<tabTestId>-tab-<tab>`, `<tabTestId>-panel-<tab>`.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { Modal } from '../components/Overlays';
import { useTranslation } from 'react-i18next';
import { Drawn, RegionBoundary } from '../components/RegionBoundary';
import type { RowData } from './ListTable';
import { CloseFooter } from './ModalParts';

/** A read that failed: the modal's words for it, the core's message and a way to read again. */
export interface ModalReadError {
  readonly title: string;
  readonly message: string;
  readonly onRetry: () => void;
}

export interface TabbedModalProps<T extends string> {
  readonly testId: string;
  readonly tabTestId: string;
  readonly title: string;
  readonly opened?: boolean;
  readonly onClose: () => void;
  /** The user may only look: the note (`readOnlyText`) shows above the tabs. */
  readonly readOnly: boolean;
  readonly readOnlyText: string;
  readonly tabs: readonly T[];
  readonly tab: T;
  readonly onTab: (tab: string) => void;
  readonly tabLabel: (tab: T) => string;
  /** The open tab's content (shown once nothing is loading and nothing stands instead). */
  readonly render: (tab: T) => ReactNode;
  readonly loading: boolean;
  readonly error?: ModalReadError | null;
  /** Shown instead of the tabs (e.g. "not found") when not loading. */
  readonly instead?: ReactNode;
  /** Extra `data-*` attributes of the modal's content (e.g. the entity's id). */
  readonly data?: RowData;
}

export function TabbedModal<T extends string>(props: TabbedModalProps<T>) {
  const { testId, tabTestId, tab, error } = props;
  const { t } = useTranslation();

  let body: ReactNode;
  if (error) {
    body = (
      <Alert color="red" data-testid={`${testId}-error`}>
        <Stack gap="xs">
          <Text size="sm">{error.title}</Text>
          <Text size="sm">{error.message}</Text>
          <Group>
            <Button size="xs" variant="light" onClick={error.onRetry} data-testid={`${testId}-retry`}>
              {t('kit.form.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (props.loading) {
    body = (
      <Group justify="center" p="xl" data-testid={`${testId}-loading`}>
        <Loader />
      </Group>
    );
  } else if (props.instead) {
    body = props.instead;
  } else {
    body = (
      <Tabs value={tab} onChange={(next) => next !== null && props.onTab(next)} keepMounted={false}>
        <Tabs.List>
          {props.tabs.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`${tabTestId}-tab-${id}`}>
              {props.tabLabel(id)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md" data-testid={`${tabTestId}-panel-${tab}`}>
          {/* Each tab a region of its own: another tab draws anew. */}
          <RegionBoundary kind="tab" resetKeys={[tab]}>
            <Drawn draw={() => props.render(tab)} />
          </RegionBoundary>
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <Modal opened={props.opened ?? true} onClose={props.onClose} size="xl" title={props.title}>
      <Stack gap="md" data-testid={testId} data-read-only={props.readOnly ? 'true' : 'false'} {...props.data}>
        {props.readOnly && (
          <Alert color="gray" data-testid={`${testId}-read-only`}>
            {props.readOnlyText}
          </Alert>
        )}
        {body}
        <CloseFooter testId={`${testId}-close`} onClose={props.onClose} />
      </Stack>
    </Modal>
  );
}
