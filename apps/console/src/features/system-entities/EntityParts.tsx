/**
 * Parts the system entities modals share: the inventory choice (any inventory of the admin's —
 * super user and staff: all — searched by name over v2/admin/inventories, not only the
 * inventories of the admin's own account), the delete button with its confirmation, and the
 * modal's footer of save and cancel, and the modal itself (a new entity's form, or an existing
 * one's form and association tabs once it is read).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Select, Tabs, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import type { QueryLike } from '../../components/queryView';

interface InventorySelectProps {
  readonly label: string;
  readonly value: string | null;
  /** The name of the current value (shown before the search answers). */
  readonly valueName?: string | null;
  readonly onChange: (id: string | null) => void;
  readonly error?: ReactNode;
  readonly clearable?: boolean;
  readonly disabled?: boolean;
  readonly testId: string;
  /** An inventory that may not be chosen (e.g. the inventory itself as its own parent). */
  readonly exclude?: string;
}

export function InventorySelect({ label, value, valueName, onChange, error, clearable = false, disabled = false, testId, exclude }: InventorySelectProps) {
  const [search, setSearch] = useState('');
  const found = useEndpointQuery(
    'searchAdminInventories',
    { query: { limit: 50, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const options = (found.data?.items ?? []).filter((i) => i.id !== exclude).map((i) => ({ value: i.id, label: i.name }));
  if (value !== null && !options.some((o) => o.value === value)) options.unshift({ value, label: valueName ?? value });
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      onSearchChange={(text) => {
        // The choice itself puts its label into the search: do not search for it.
        if (!options.some((o) => o.label === text)) setSearch(text);
      }}
      clearable={clearable}
      disabled={disabled}
      error={error}
      data-testid={testId}
    />
  );
}

/** Delete with a second click to confirm. */
export function DeleteButton({ testId, onConfirm, loading }: { testId: string; onConfirm: () => void; loading: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button color="red" variant="light" onClick={() => setAsking(true)} data-testid={`${testId}-delete`}>
        {t('systemEntities.common.delete')}
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm">{t('systemEntities.common.deleteQuestion')}</Text>
      <Button color="red" loading={loading} onClick={onConfirm} data-testid={`${testId}-delete-confirm`}>
        {t('systemEntities.common.deleteConfirm')}
      </Button>
      <Button variant="default" onClick={() => setAsking(false)}>
        {t('systemEntities.common.cancel')}
      </Button>
    </Group>
  );
}

/** Save and cancel, right-aligned; a delete button (existing entities) on the left. */
export function ModalFooter({ testId, onSave, onCancel, saving, left }: { testId: string; onSave: () => void; onCancel: () => void; saving: boolean; left?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md">
      <div>{left}</div>
      <Group gap="xs">
        <Button variant="default" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('systemEntities.common.cancel')}
        </Button>
        <Button onClick={onSave} loading={saving} data-testid={`${testId}-save`}>
          {t('systemEntities.common.save')}
        </Button>
      </Group>
    </Group>
  );
}

export interface EntityTab<T> {
  readonly value: string;
  readonly label: string;
  readonly render: (entity: T) => ReactNode;
}

interface EntityModalProps<T> {
  /** Test ids: `<testId>-modal`, `-loading`, `-load-error`, `-tab-general`, `-tab-<value>`. */
  readonly testId: string;
  readonly title: string;
  /** A new entity: only its form (`editor(null)`), nothing read. */
  readonly isNew: boolean;
  readonly query: QueryLike<T>;
  readonly editor: (entity: T | null) => ReactNode;
  /** The association tabs after the general one. */
  readonly tabs: readonly EntityTab<T>[];
  readonly onClose: () => void;
}

export function EntityModal<T>({ testId, title, isNew, query, editor, tabs, onClose }: EntityModalProps<T>) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  let body: ReactNode;
  if (isNew) body = editor(null);
  else if (query.isError) body = <Alert color="red" data-testid={`${testId}-load-error`}>{errorText(query.error)}</Alert>;
  else if (query.isPending || query.data === undefined) body = <Loader size="sm" aria-label={t('common.loading')} data-testid={`${testId}-loading`} />;
  else {
    const entity = query.data;
    body = (
      <Tabs defaultValue="general" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="general" data-testid={`${testId}-tab-general`}>{t('systemEntities.common.general')}</Tabs.Tab>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={`${testId}-tab-${tab.value}`}>{tab.label}</Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">{editor(entity)}</Tabs.Panel>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>{tab.render(entity)}</Tabs.Panel>
        ))}
      </Tabs>
    );
  }
  return (
    <Modal opened onClose={onClose} size="lg" title={title} data-testid={`${testId}-modal`}>
      {body}
    </Modal>
  );
}
