/**
 * The parts of a resource's modal: the delete button with its confirmation (a second click), the
 * footer of save and cancel (delete on the left), and the modal itself — a new entity's form, or
 * an existing one's form and its association tabs once it is read.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Tabs, Text } from '@mantine/core';
import { Modal } from '../components/Overlays';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../api/errorMessage';
import type { QueryLike } from '../components/queryView';
import { Drawn, RegionBoundary } from '../components/RegionBoundary';

/** Delete with a second click to confirm. */
export function DeleteButton({ testId, onConfirm, loading }: { testId: string; onConfirm: () => void; loading: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button color="red" variant="light" onClick={() => setAsking(true)} data-testid={`${testId}-delete`}>
        {t('kit.form.delete')}
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm">{t('kit.form.deleteQuestion')}</Text>
      <Button color="red" loading={loading} onClick={onConfirm} data-testid={`${testId}-delete-confirm`}>
        {t('kit.form.deleteConfirm')}
      </Button>
      <Button variant="default" onClick={() => setAsking(false)}>
        {t('kit.form.cancel')}
      </Button>
    </Group>
  );
}

/** Save and cancel, right-aligned (no save with `onSave` null: the user may only look); a delete button (existing entities) on the left. */
export function ModalFooter({
  testId,
  onSave,
  onCancel,
  saving,
  left,
}: {
  testId: string;
  onSave: (() => void) | null;
  onCancel: () => void;
  saving: boolean;
  left?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md">
      <div>{left}</div>
      <Group gap="xs">
        <Button variant="default" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('kit.form.cancel')}
        </Button>
        {onSave !== null && (
          <Button onClick={onSave} loading={saving} data-testid={`${testId}-save`}>
            {t('kit.form.save')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** A modal's one Close, right-aligned (a modal that shows and changes nothing of its own). */
export function CloseFooter({ testId, onClose, label, mt }: { testId: string; onClose: () => void; label?: string; mt?: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onClose} data-testid={testId}>
        {label ?? t('common.close')}
      </Button>
    </Group>
  );
}

export interface ModalTab<T> {
  readonly value: string;
  readonly label: string;
  readonly render: (entity: T) => ReactNode;
}

interface ResourceModalProps<T> {
  /** Test ids: `<testId>-modal`, `-loading`, `-load-error`, `-tab-general`, `-tab-<value>` (no tabs: the form alone). */
  readonly testId: string;
  readonly title: string;
  /** A new entity: only its form (`editor(null)`), nothing read. */
  readonly isNew: boolean;
  readonly query: QueryLike<T>;
  readonly editor: (entity: T | null) => ReactNode;
  /** The association tabs after the general one (none: the form without tabs). */
  readonly tabs: readonly ModalTab<T>[];
  readonly onClose: () => void;
  readonly size?: 'lg' | 'xl';
}

export function ResourceModal<T>({ testId, title, isNew, query, editor, tabs, onClose, size = 'lg' }: ResourceModalProps<T>) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  let body: ReactNode;
  if (isNew) body = editor(null);
  else if (query.isError)
    body = (
      <Alert color="red" data-testid={`${testId}-load-error`}>
        {errorText(query.error)}
      </Alert>
    );
  else if (query.isPending || query.data === undefined) body = <Loader size="sm" aria-label={t('common.loading')} data-testid={`${testId}-loading`} />;
  else if (tabs.length === 0) body = editor(query.data);
  else {
    const entity = query.data;
    body = (
      <Tabs defaultValue="general" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="general" data-testid={`${testId}-tab-general`}>
            {t('kit.form.general')}
          </Tabs.Tab>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={`${testId}-tab-${tab.value}`}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">
          <RegionBoundary kind="tab">
            <Drawn draw={() => editor(entity)} />
          </RegionBoundary>
        </Tabs.Panel>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <RegionBoundary kind="tab">
              <Drawn draw={() => tab.render(entity)} />
            </RegionBoundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }
  return (
    <Modal opened onClose={onClose} size={size} title={title} closeButtonProps={{ 'aria-label': t('common.close') }} data-testid={`${testId}-modal`}>
      {body}
    </Modal>
  );
}
