/**
 * An association of an entity, seen and changed in a tab of its modal (spec 001 §2 "associations";
 * §7 the association calls), declared once: `associationTab` makes the tab from the read of the
 * entity's members, the search of what may join, the add and remove calls, and the reads a change
 * makes stale. The panel lists the members, each with a remove button, above a searchable choice of
 * the candidates with an add button; a refused change ("Association already exists", "Unit max
 * inventories reached", …) shows in the core's words above the list. Add and remove show only to
 * whom the catalogue lets make them; without either the members are only seen here.
 *
 * Test ids, with `testId` the association's prefix: `<testId>` (the panel), `-member-<id>`,
 * `-remove-<id>`, `-candidate`, `-add`, `-error`, `-empty`, `-loading`.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Select } from '../components/Pickers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { EndpointId, EndpointOutput } from '@fleet/contracts';
import { useApiErrorMessage } from '../api/errorMessage';
import type { QueryLike } from '../components/queryView';
import { invalidateReads } from '../realtime/systemEntities';
import { canCall, useUserRoles } from './access';
import type { TextKey } from './formRules';
import { op, type Op } from './op';
import type { ResourceTab } from './resource';
import { useRegionCall } from '../api/regionCalls';

/** One row of an association: a member, or a candidate to join. */
export interface Member {
  readonly id: string;
  readonly label: string;
  /** A second column (e.g. product type, status, region). */
  readonly detail?: string;
}

export interface MemberPage {
  readonly items: readonly Member[];
  /** Members in all (more than the rows when the read is paged). */
  readonly total: number;
}

/** The argument of an add or remove: the entity and the member's id. */
export interface Change<E> {
  readonly of: E;
  readonly id: string;
}

/** The argument of a candidates search: the entity and what the admin typed. */
export interface Search<E> {
  readonly of: E;
  readonly search: string;
}

/** What may join, searched as the admin types, and the answer as rows. */
export interface Candidates<E, C> {
  readonly op: Op<Search<E>, C>;
  readonly rows: (answer: C, of: E) => readonly Member[];
}

export interface Association<E, R, C> {
  readonly value: string;
  readonly label: TextKey;
  readonly testId: string;
  /** The entity's members: the read and its answer as rows. */
  readonly members: { readonly op: Op<E, R>; readonly rows: (answer: R, t: TFunction) => MemberPage };
  /** What may join (members already in are left out). */
  readonly candidates?: Candidates<E, C>;
  readonly add?: Op<Change<E>, unknown>;
  readonly remove?: Op<Change<E>, unknown>;
  /** The reads an add or a remove makes stale (read again). */
  readonly stale: readonly EndpointId[];
}

/** A tab of the resource's modal showing one association; it shows to whom the catalogue lets read the members. */
export function associationTab<E, R, C = never>(association: Association<E, R, C>): ResourceTab<E> {
  return {
    value: association.value,
    label: association.label,
    call: association.members.op.id,
    render: (entity) => <AssociationView association={association} of={entity} />,
  };
}

/** Rows of a paged read. */
export function pageRows<T>(
  row: (item: T, t: TFunction) => Member,
): (page: { readonly items: readonly T[]; readonly total: number }, t: TFunction) => MemberPage {
  return (page, t) => ({ total: page.total, items: page.items.map((item) => row(item, t)) });
}

/** Rows of a read answering every member. */
export function listRows<T>(row: (item: T) => Member): (list: readonly T[]) => MemberPage {
  return (list) => ({ total: list.length, items: list.map(row) });
}

/** The sort of a candidates' search: by name, ascending. */
export const BY_NAME = { sortBy: 'name', sortDir: 'asc' } as const;

/** The search part of a query by name (nothing while the text is empty). */
export function nameSearch(text: string): { searchKey?: 'name'; searchValue?: string } {
  const value = text.trim();
  return value === '' ? {} : { searchKey: 'name', searchValue: value };
}

/** Any inventory the admin sees, by name (super user and staff: all), as candidates. */
export function inventoryCandidates<E>(): Candidates<E, EndpointOutput<'searchAdminInventories'>> {
  return {
    op: op('searchAdminInventories', ({ search }: Search<E>) => ({ query: { limit: 20, ...BY_NAME, ...nameSearch(search) } })),
    rows: (page) => page.items.map((i) => ({ id: i.id, label: i.name, detail: i.region })),
  };
}

function AssociationView<E, R, C>({ association, of }: { association: Association<E, R, C>; of: E }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useUserRoles();
  const [search, setSearch] = useState('');
  const { members, candidates, stale } = association;
  const write = (call: Op<Change<E>, unknown> | undefined) =>
    call === undefined || !canCall(roles, call.id)
      ? undefined
      : async (id: string) => {
          await call.run({ of, id });
          invalidateReads(queryClient, stale);
        };
  const onAdd = write(association.add);
  useRegionCall(members.op.id);
  useRegionCall(candidates?.op.id);
  const read = useQuery({ queryKey: members.op.key(of), queryFn: ({ signal }) => members.op.run(of, signal), select: (answer) => members.rows(answer, t) });
  const found = useQuery<C>({
    queryKey: candidates ? candidates.op.key({ of, search }) : ['kit.none'],
    queryFn: ({ signal }) => (candidates ? candidates.op.run({ of, search }, signal) : Promise.reject(new Error('no candidates'))),
    enabled: candidates !== undefined && onAdd !== undefined,
    placeholderData: keepPreviousData,
  });
  return (
    <AssociationPanel
      testId={association.testId}
      members={read}
      candidates={candidates && found.data !== undefined ? candidates.rows(found.data, of) : []}
      onCandidateSearch={setSearch}
      onAdd={candidates === undefined ? undefined : onAdd}
      onRemove={write(association.remove)}
    />
  );
}

interface AssociationPanelProps {
  readonly testId: string;
  readonly members: QueryLike<MemberPage>;
  readonly candidates: readonly Member[];
  readonly onCandidateSearch?: (text: string) => void;
  /** Without it nothing joins from here. */
  readonly onAdd?: ((id: string) => Promise<unknown>) | undefined;
  /** Without it nothing leaves from here. */
  readonly onRemove?: ((id: string) => Promise<unknown>) | undefined;
}

/** The panel itself, for an association whose changes do more than the declared one's (e.g. a toast, a count). */
export function AssociationPanel({ testId, members, candidates, onCandidateSearch, onAdd, onRemove }: AssociationPanelProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // One change at a time: its member shows busy, and a refusal shows above the list until closed or the next change.
  const change = useMutation({ mutationFn: ({ id, call }: { id: string; call: (id: string) => Promise<unknown> }) => call(id) });
  const busy = change.isPending ? change.variables.id : null;

  const memberIds = new Set(members.data?.items.map((m) => m.id) ?? []);
  const choices = candidates.filter((c) => !memberIds.has(c.id)).map((c) => ({ value: c.id, label: c.detail ? `${c.label} (${c.detail})` : c.label }));
  const add = () => {
    if (chosen === null || onAdd === undefined) return;
    change.mutate(
      { id: chosen, call: onAdd },
      {
        onSuccess: () => {
          setChosen(null);
          setSearch('');
          onCandidateSearch?.('');
        },
      },
    );
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      {change.isError && (
        <Alert color="red" data-testid={`${testId}-error`} withCloseButton onClose={change.reset}>
          {errorText(change.error)}
        </Alert>
      )}
      {onAdd !== undefined && (
        <Group gap="xs" align="flex-end">
          <Select
            flex={1}
            label={t('kit.association.add')}
            placeholder={t('kit.association.searchPlaceholder')}
            data={choices}
            value={chosen}
            onChange={setChosen}
            searchable
            searchValue={search}
            onSearchChange={(text) => {
              setSearch(text);
              onCandidateSearch?.(text);
            }}
            nothingFoundMessage={t('kit.list.empty')}
            data-testid={`${testId}-candidate`}
          />
          <Button disabled={chosen === null} loading={busy !== null && busy === chosen} onClick={add} data-testid={`${testId}-add`}>
            {t('kit.association.addButton')}
          </Button>
        </Group>
      )}
      {members.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} data-testid={`${testId}-loading`} />
      ) : members.isError ? (
        <Alert color="red">{errorText(members.error)}</Alert>
      ) : !members.data || members.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
          {t('kit.association.none')}
        </Text>
      ) : (
        <>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {members.data.items.map((m) => (
                <Table.Tr key={m.id} data-testid={`${testId}-member-${m.id}`}>
                  <Table.Td>{m.label}</Table.Td>
                  <Table.Td c="dimmed">{m.detail ?? ''}</Table.Td>
                  <Table.Td w={40}>
                    {onRemove !== undefined && (
                      <Tooltip label={t('kit.association.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('kit.association.remove')}
                          loading={busy === m.id}
                          onClick={() => change.mutate({ id: m.id, call: onRemove })}
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
            <Text size="xs" c="dimmed">
              {t('kit.association.more', { shown: members.data.items.length, total: members.data.total })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
