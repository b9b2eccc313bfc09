/**
 * The LU-Link tab of /devices (spec 001 §2 "LU-Link", §7 Point-to-point): every p2p call of the
 * catalogue. A unit's point-to-point link with its master and machines; a new link made on the
 * chosen unit as master; a link changed (not while it streams, with the version it was read at) or
 * deleted after a confirmation; its stream started and stopped (starting / stopping shown until the
 * link reports the state asked for); the groups it is shared with, which of them are selected
 * (GET v2/p2p/{id}/groups/selected), and both changed. Writes show only to users the catalogue lets
 * make them (kit/access.ts); forms and their rules: LuLinkModals.tsx, luLinkForm.ts.
 *
 * The catalogue has no call listing a unit's links (GET v2/p2p/{id} reads one link by its id), so
 * the tab offers the links it has learned this session — read by id, or announced over /ws
 * (`p2p.changed`) while it is open — for the chosen unit, and a link id to open another.
 */
import { useCallback, useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { P2pLink, P2pLinkGroup, UnitSummary } from '@fleet/contracts';
import { endpointKey, endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { useLiveEvents } from '../../kit/useLiveEvents';
import { isP2pEvent, linksOfUnit, rememberLink, streamTransition } from './luLink';
import type { StreamRequest } from './luLink';
import { canApply, useCanApply, useUserRoles } from '../../kit/access';
import { DeleteButton } from '../../kit/ModalParts';
import { ListTable } from '../../kit/ListTable';
import { useToastMutation } from '../../kit/useToastMutation';
import { NotAvailable } from '../channels/parts';
import { LinkFormModal, LinkGroupsModal, useKeepLink, type LinkTarget } from './LuLinkModals';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText, StrongText } from '../../kit/MutedText';
import { unitStatusLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

const NO_LINKS: readonly P2pLink[] = [];

/** The reads of one link: the link, its groups, its selected groups. */
function linkReads(id: string) {
  const input = { params: { id } };
  return [endpointKey('getP2pLink', input), endpointKey('getP2pLinkGroups', input), endpointKey('getP2pLinkSelectedGroups', input)] as const;
}

/**
 * Links learned this session: every link read (GET v2/p2p/{id}, in the query cache) and every one
 * announced over /ws while the tab is open (the event table patches a cached read and has the
 * link's groups read again). `forget` drops a link deleted here (its reads too).
 */
function useKnownLinks(current: P2pLink | undefined): { links: readonly P2pLink[]; forget: (link: P2pLink) => void } {
  const queryClient = useQueryClient();
  const [announced, setAnnounced] = useState<readonly P2pLink[]>(NO_LINKS);
  // Screen state: the links this tab has heard of. The cached link is patched and its groups are
  // read again by the event table (p2p.changed).
  useLiveEvents((_client, event) => {
    if (isP2pEvent(event)) setAnnounced((links) => rememberLink(links, event.link, event.removed));
  });
  const forget = useCallback(
    (link: P2pLink) => {
      setAnnounced((links) => rememberLink(links, link, true));
      for (const read of linkReads(link.id)) queryClient.removeQueries({ queryKey: read, exact: true });
    },
    [queryClient],
  );
  const read = queryClient.getQueriesData<P2pLink>({ queryKey: endpointPrefix('getP2pLink') }).flatMap(([, link]) => (link ? [link] : []));
  const links = [...read, ...(current ? [current] : [])].reduce<readonly P2pLink[]>((known, link) => rememberLink(known, link), announced);
  return { links, forget };
}

/** The selected groups of the link, as GET v2/p2p/{id}/groups/selected answers them. */
function SelectedGroups({ linkId }: { linkId: string }) {
  const { t } = useTranslation();
  const selected = useEndpointQuery('getP2pLinkSelectedGroups', { params: { id: linkId } });
  if (!selected.data) return selected.error ? null : <Loader size="xs" />;
  const { groups } = selected.data;
  return (
    <Text size="sm" data-testid="lulink-selected-groups" data-ids={groups.map((g) => g.id).join(',')}>
      {groups.length === 0 ? t('devices.luLink.noSelectedGroups') : t('devices.luLink.selectedGroups', { names: groups.map((g) => g.name).join(', ') })}
    </Text>
  );
}

function LinkGroups({ link }: { link: P2pLink }) {
  const { t } = useTranslation();
  const groups = useEndpointQuery('getP2pLinkGroups', { params: { id: link.id } });
  const mayShare = useCanApply('setP2pLinkGroups');
  const [editing, setEditing] = useState<readonly P2pLinkGroup[] | null>(null);
  if (!groups.data) return groups.error ? null : <Loader size="xs" />;
  const shared = groups.data.groups;
  return (
    <Stack gap={4} data-testid="lulink-groups">
      <Group justify="space-between">
        <StrongText>{t('devices.luLink.groups')}</StrongText>
        {mayShare && (
          <Button size="xs" variant="light" onClick={() => setEditing(shared)} data-testid="lulink-groups-edit">
            {t('devices.luLink.groupsEdit')}
          </Button>
        )}
      </Group>
      {shared.length === 0 ? (
        <MutedText>{t('devices.luLink.noGroups')}</MutedText>
      ) : (
        <Group gap={6}>
          {shared.map((group) => (
            <Badge
              key={group.id}
              variant={group.selected ? 'filled' : 'outline'}
              data-testid={`lulink-group-${group.id}`}
              data-selected={group.selected ? 'true' : 'false'}
            >
              {group.selected ? t('devices.luLink.selectedGroup', { name: group.name }) : group.name}
            </Badge>
          ))}
        </Group>
      )}
      <SelectedGroups linkId={link.id} />
      {editing !== null && <LinkGroupsModal link={link} groups={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function LinkView({ linkId, units, onDeleted }: { linkId: string; units: readonly UnitSummary[]; onDeleted: (link: P2pLink) => void }) {
  const { t } = useTranslation();
  const roles = useUserRoles();
  const keepLink = useKeepLink();
  const link = useEndpointQuery('getP2pLink', { params: { id: linkId } });
  const [request, setRequest] = useState<StreamRequest | null>(null);
  // The link as it was when Edit was pressed: its version goes with the change.
  const [editing, setEditing] = useState<P2pLink | null>(null);
  const data = link.data;
  const onRefused = () => setRequest(null);
  const start = useToastMutation('startP2pStream', { success: () => t('devices.luLink.started'), onSuccess: keepLink, onError: onRefused });
  const stop = useToastMutation('stopP2pStream', { success: () => t('devices.luLink.stopped'), onSuccess: keepLink, onError: onRefused });
  const remove = useToastMutation('deleteP2pLink', {
    success: () => t('devices.luLink.deleted', { name: data?.name }),
    onSuccess: () => data && onDeleted(data),
    onError: () => undefined,
  });
  const transition = data ? streamTransition(request, data) : null;
  // The link reached the state asked for: the request is over (state adjusted while rendering,
  // so a later change made elsewhere does not show as this request's transition).
  if (request !== null && data && transition === null && !start.isPending && !stop.isPending) setRequest(null);

  if (link.error) return <ErrorAlert error={link.error} testId="lulink-error" />;
  if (!data) return <Loader size="sm" />;
  const name = (uid: string | null) => (uid === null ? t('devices.luLink.gone') : (units.find((u) => u.uniqueId === uid)?.name ?? uid));
  const status = (uid: string) => units.find((u) => u.uniqueId === uid)?.status;
  const allowed = canApply(roles, 'startP2pStream');
  const mayEdit = canApply(roles, 'updateP2pLink');
  const mayDelete = canApply(roles, 'deleteP2pLink');
  const streamError = start.error ?? stop.error;
  const asked: StreamRequest = data.streaming ? 'stop' : 'start';
  return (
    <Paper withBorder p="md" data-testid={`lulink-${data.id}`} data-status={data.status}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>{data.name}</Title>
          <Group gap="xs">
            <Badge variant="light">{enumLabel(t, 'devices.luLink.kinds', data.kind)}</Badge>
            <Badge color={data.streaming ? 'red' : 'green'} variant="light" data-testid="lulink-status" data-status={transition ?? data.status}>
              {transition ? t(`devices.luLink.transitions.${transition}`) : enumLabel(t, 'devices.luLink.statuses', data.status)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">{t('devices.luLink.master', { name: name(data.uniqueID) })}</Text>
        <ListTable
          items={data.machines}
          columns={[
            { id: 'machine', header: t('devices.luLink.machine'), render: (m) => name(m.uid) },
            {
              id: 'status',
              header: t('devices.units.columns.status'),
              render: (m) => {
                const unitStatus = status(m.uid);
                return unitStatus ? unitStatusLabel(t, unitStatus) : '—';
              },
            },
          ]}
          rowKey={(m) => m.uid}
          testIdPrefix="lulink"
          testId="lulink-machines"
          rowTestId={(m) => `lulink-machine-${m.uid}`}
          striped={false}
          minWidth={0}
        />
        <LinkGroups link={data} />
        <ErrorAlert error={streamError} testId="lulink-stream-error" />
        <ErrorAlert error={remove.error} testId="lulink-delete-error" />
        <Group justify="space-between">
          <Group gap="xs">
            {mayEdit && (
              // A disabled button takes no pointer events: the tooltip sits on its wrapper.
              <Tooltip label={t('devices.luLink.editStreaming')} disabled={!data.streaming}>
                <span>
                  <Button variant="default" disabled={data.streaming} onClick={() => setEditing(data)} data-testid="lulink-edit">
                    {t('devices.luLink.edit')}
                  </Button>
                </span>
              </Tooltip>
            )}
            {mayDelete && <DeleteButton testId="lulink" onConfirm={() => remove.mutate({ params: { id: data.id } })} loading={remove.isPending} />}
          </Group>
          {!allowed ? (
            <NotAvailable testId="lulink-stream-unavailable" />
          ) : (
            <Button
              color={data.streaming ? 'red' : undefined}
              loading={transition === (data.streaming ? 'stopping' : 'starting')}
              onClick={() => {
                setRequest(asked);
                (data.streaming ? stop : start).mutate({ params: { id: data.id } });
              }}
              data-testid={`lulink-${asked}`}
            >
              {t(`devices.luLink.${asked}`)}
            </Button>
          )}
        </Group>
      </Stack>
      {editing !== null && <LinkFormModal target={{ link: editing }} units={units} onClose={() => setEditing(null)} onSaved={keepLink} />}
    </Paper>
  );
}

export function LuLinkTab({
  unitId,
  linkId,
  onSelect,
}: {
  unitId: string | null;
  linkId: string | null;
  onSelect: (unitId: string | null, linkId: string | null) => void;
}) {
  const { t } = useTranslation();
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const current = useEndpointQuery('getP2pLink', { params: { id: linkId ?? '' } }, { enabled: linkId !== null });
  const { links: known, forget } = useKnownLinks(current.data);
  const mayCreate = useCanApply('createP2pLink');
  const keepLink = useKeepLink();
  const [typed, setTyped] = useState('');
  const [creating, setCreating] = useState<LinkTarget | null>(null);
  const unitList = units.data ?? [];
  const ofUnit = unitId === null ? known : linksOfUnit(known, unitId);
  const openNew = () => {
    if (unitId === null) return;
    setCreating({ master: unitId, masterName: unitList.find((u) => u.uniqueId === unitId)?.name ?? unitId });
  };
  const deleted = (link: P2pLink) => {
    // Away from the link first, so that no read of it is made again once its reads are dropped.
    onSelect(unitId, null);
    forget(link);
  };
  return (
    <Stack gap="md" data-testid="lulink-tab">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('devices.luLink.unit')}
          searchable
          clearable
          value={unitId}
          onChange={(value) => onSelect(value, null)}
          data={unitList.map((u) => ({ value: u.uniqueId, label: `${u.name} (${u.uniqueId})` }))}
          w={300}
          data-testid="lulink-unit"
        />
        <TextInput label={t('devices.luLink.linkId')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} w={220} data-testid="lulink-id" />
        <Button variant="default" disabled={typed.trim() === ''} onClick={() => onSelect(unitId, typed.trim())} data-testid="lulink-open">
          {t('devices.luLink.open')}
        </Button>
        {mayCreate && (
          <Tooltip label={t('devices.luLink.chooseUnit')} disabled={unitId !== null}>
            <span>
              <Button disabled={unitId === null} onClick={openNew} data-testid="lulink-new">
                {t('devices.luLink.new')}
              </Button>
            </span>
          </Tooltip>
        )}
      </Group>
      <MutedText>{t('devices.luLink.hint')}</MutedText>
      {ofUnit.length > 0 && (
        <Group gap="xs" data-testid="lulink-known">
          {ofUnit.map((link) => (
            <Button
              key={link.id}
              size="xs"
              variant={link.id === linkId ? 'filled' : 'light'}
              onClick={() => onSelect(unitId, link.id)}
              data-testid={`lulink-known-${link.id}`}
            >
              {link.name}
            </Button>
          ))}
        </Group>
      )}
      {linkId !== null && <LinkView linkId={linkId} units={unitList} onDeleted={deleted} />}
      {creating !== null && (
        <LinkFormModal
          target={creating}
          units={unitList}
          onClose={() => setCreating(null)}
          onSaved={(link) => {
            keepLink(link);
            onSelect(unitId, link.id);
          }}
        />
      )}
    </Stack>
  );
}
