/**
 * One association of an entity seen and changed in its modal (spec 001 §2 "associations"; §7 the
 * association calls): the members, each with a remove button, and a searchable choice of the
 * objects that may join, with an add button. The kind gives the members, the candidates (it runs
 * their search as the admin types) and the add/remove calls; a refused change (e.g. "Association
 * already exists", "Unit max inventories reached") shows in the core's words above the list.
 *
 * Test ids, with `testId` the association's prefix: `<testId>` (the panel), `-member-<id>`,
 * `-remove-<id>`, `-candidate`, `-add`, `-error`, `-empty`, `-loading`.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../api/errorMessage';
import type { QueryLike } from '../../components/queryView';

export interface AssociationMember {
  readonly id: string;
  readonly label: string;
  /** A second column (e.g. product type, status, e-mail). */
  readonly detail?: string;
}

export interface AssociationPanelProps {
  readonly testId: string;
  readonly members: QueryLike<{ readonly items: readonly AssociationMember[]; readonly total: number }>;
  /** Objects that may join (members already in are left out here). */
  readonly candidates: readonly AssociationMember[];
  readonly onCandidateSearch: (text: string) => void;
  readonly onAdd: (id: string) => Promise<unknown>;
  readonly onRemove: (id: string) => Promise<unknown>;
  /** No add or remove (a member that cannot be changed from here). */
  readonly readOnly?: boolean;
}

export function AssociationPanel({ testId, members, candidates, onCandidateSearch, onAdd, onRemove, readOnly = false }: AssociationPanelProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const run = async (id: string, call: (id: string) => Promise<unknown>) => {
    setBusy(id);
    setError(null);
    try {
      await call(id);
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const memberIds = new Set(members.data?.items.map((m) => m.id) ?? []);
  const choices = candidates.filter((c) => !memberIds.has(c.id)).map((c) => ({ value: c.id, label: c.detail ? `${c.label} (${c.detail})` : c.label }));

  return (
    <Stack gap="xs" data-testid={testId}>
      {error !== null && (
        <Alert color="red" data-testid={`${testId}-error`} withCloseButton onClose={() => setError(null)}>
          {errorText(error)}
        </Alert>
      )}
      {!readOnly && (
        <Group gap="xs" align="flex-end">
          <Select
            flex={1}
            label={t('systemEntities.association.add')}
            placeholder={t('systemEntities.association.searchPlaceholder')}
            data={choices}
            value={chosen}
            onChange={setChosen}
            searchable
            searchValue={search}
            onSearchChange={(text) => {
              setSearch(text);
              onCandidateSearch(text);
            }}
            nothingFoundMessage={t('systemEntities.list.empty')}
            data-testid={`${testId}-candidate`}
          />
          <Button
            disabled={chosen === null}
            loading={busy !== null && busy === chosen}
            onClick={() => {
              if (chosen === null) return;
              void run(chosen, onAdd).then((ok) => {
                if (!ok) return;
                setChosen(null);
                setSearch('');
                onCandidateSearch('');
              });
            }}
            data-testid={`${testId}-add`}
          >
            {t('systemEntities.association.addButton')}
          </Button>
        </Group>
      )}
      {members.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} data-testid={`${testId}-loading`} />
      ) : members.isError ? (
        <Alert color="red">{errorText(members.error)}</Alert>
      ) : !members.data || members.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>{t('systemEntities.association.none')}</Text>
      ) : (
        <>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {members.data.items.map((m) => (
                <Table.Tr key={m.id} data-testid={`${testId}-member-${m.id}`}>
                  <Table.Td>{m.label}</Table.Td>
                  <Table.Td c="dimmed">{m.detail ?? ''}</Table.Td>
                  <Table.Td w={40}>
                    {!readOnly && (
                      <Tooltip label={t('systemEntities.association.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('systemEntities.association.remove')}
                          loading={busy === m.id}
                          onClick={() => void run(m.id, onRemove)}
                          data-testid={`${testId}-remove-${m.id}`}
                        >
                          ×
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {members.data.total > members.data.items.length && (
            <Text size="xs" c="dimmed">{t('systemEntities.association.more', { shown: members.data.items.length, total: members.data.total })}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
