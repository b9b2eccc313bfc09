/**
 * The LU-Link tab of /devices (spec 001 §2 "LU-Link", §7 Point-to-point): a unit's point-to-point
 * link with its master and machines, its stream started and stopped (starting / stopping shown
 * until the link reports the state asked for), and the groups it is shared with.
 *
 * The catalogue has no call listing a unit's links (GET v2/p2p/{id} reads one link by its id), so
 * the tab offers the links it has learned this session — read by id, or announced over /ws
 * (`p2p.changed`) while it is open — for the chosen unit, and a link id to open another.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { P2pLink, UnitSummary } from '@fleet/contracts';
import { endpointKey, endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { useToast } from '../../toast/useToast';
import { isP2pEvent, linksOfUnit, rememberLink, streamTransition } from './luLink';
import type { StreamRequest } from './luLink';
import { replaces } from '../../kit/cache';
import { canApply } from '../../kit/access';

const NO_LINKS: readonly P2pLink[] = [];

/**
 * Links learned this session: every link read (GET v2/p2p/{id}, in the query cache) and every one
 * announced over /ws while the tab is open; an announcement also updates a cached read.
 */
function useKnownLinks(current: P2pLink | undefined): readonly P2pLink[] {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  const [announced, setAnnounced] = useState<readonly P2pLink[]>(NO_LINKS);
  useEffect(
    () =>
      subscribe((event) => {
        if (!isP2pEvent(event)) return;
        setAnnounced((links) => rememberLink(links, event.link, event.removed));
        const key = endpointKey('getP2pLink', { params: { id: event.link.id } });
        const cached = queryClient.getQueryData<P2pLink>(key);
        if (cached && replaces(event.link, cached)) queryClient.setQueryData(key, event.link);
      }),
    [subscribe, queryClient],
  );
  const read = queryClient.getQueriesData<P2pLink>({ queryKey: endpointPrefix('getP2pLink') }).flatMap(([, link]) => (link ? [link] : []));
  return [...read, ...(current ? [current] : [])].reduce<readonly P2pLink[]>((links, link) => rememberLink(links, link), announced);
}

function LinkGroups({ linkId }: { linkId: string }) {
  const { t } = useTranslation();
  const groups = useEndpointQuery('getP2pLinkGroups', { params: { id: linkId } });
  if (!groups.data) return groups.error ? null : <Loader size="xs" />;
  return (
    <Stack gap={4} data-testid="lulink-groups">
      <Text size="sm" fw={500}>
        {t('devices.luLink.groups')}
      </Text>
      {groups.data.groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('devices.luLink.noGroups')}
        </Text>
      ) : (
        <Group gap={6}>
          {groups.data.groups.map((group) => (
            <Badge key={group.id} variant={group.selected ? 'filled' : 'outline'} data-testid={`lulink-group-${group.id}`} data-selected={group.selected ? 'true' : 'false'}>
              {group.selected ? t('devices.luLink.selectedGroup', { name: group.name }) : group.name}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function LinkView({ linkId, units }: { linkId: string; units: readonly UnitSummary[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const roles = useMemo(() => (user ? rolesOf(user) : []), [user]);
  const link = useEndpointQuery('getP2pLink', { params: { id: linkId } });
  const [request, setRequest] = useState<StreamRequest | null>(null);
  const data = link.data;
  const onAnswer = (answer: P2pLink) => {
    queryClient.setQueryData(endpointKey('getP2pLink', { params: { id: linkId } }), answer);
  };
  const onRefused = () => setRequest(null);
  const start = useEndpointMutation('startP2pStream', {
    onSuccess: (answer) => {
      onAnswer(answer);
      toast.show({ message: t('devices.luLink.started'), variant: 'success' });
    },
    onError: onRefused,
  });
  const stop = useEndpointMutation('stopP2pStream', {
    onSuccess: (answer) => {
      onAnswer(answer);
      toast.show({ message: t('devices.luLink.stopped'), variant: 'success' });
    },
    onError: onRefused,
  });
  const transition = data ? streamTransition(request, data) : null;
  // The link reached the state asked for: the request is over (state adjusted while rendering,
  // so a later change made elsewhere does not show as this request's transition).
  if (request !== null && data && transition === null && !start.isPending && !stop.isPending) setRequest(null);

  if (link.error) {
    return (
      <Alert color="red" data-testid="lulink-error">
        {errorText(link.error)}
      </Alert>
    );
  }
  if (!data) return <Loader size="sm" />;
  const name = (uid: string | null) => (uid === null ? t('devices.luLink.gone') : (units.find((u) => u.uniqueId === uid)?.name ?? uid));
  const status = (uid: string) => units.find((u) => u.uniqueId === uid)?.status;
  const allowed = canApply(roles, 'startP2pStream');
  const streamError = start.error ?? stop.error;
  return (
    <Paper withBorder p="md" data-testid={`lulink-${data.id}`} data-status={data.status}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>{data.name}</Title>
          <Group gap="xs">
            <Badge variant="light">{t(`devices.luLink.kinds.${data.kind}`)}</Badge>
            <Badge color={data.streaming ? 'red' : 'green'} variant="light" data-testid="lulink-status" data-status={transition ?? data.status}>
              {transition ? t(`devices.luLink.transitions.${transition}`) : t(`devices.luLink.statuses.${data.status}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">{t('devices.luLink.master', { name: name(data.uniqueID) })}</Text>
        <Table data-testid="lulink-machines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('devices.luLink.machine')}</Table.Th>
              <Table.Th>{t('devices.units.columns.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.machines.map((machine) => {
              const unitStatus = status(machine.uid);
              return (
                <Table.Tr key={machine.uid} data-testid={`lulink-machine-${machine.uid}`}>
                  <Table.Td>{name(machine.uid)}</Table.Td>
                  <Table.Td>{unitStatus ? t(`units.status.${unitStatus}`) : '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <LinkGroups linkId={data.id} />
        {streamError && (
          <Alert color="red" data-testid="lulink-stream-error">
            {errorText(streamError)}
          </Alert>
        )}
        <Group justify="flex-end">
          {!allowed ? (
            <Tooltip label={t('channels.modal.notAvailable')}>
              <Badge variant="light" color="gray" data-testid="lulink-stream-unavailable">
                {t('channels.modal.notAvailable')}
              </Badge>
            </Tooltip>
          ) : data.streaming ? (
            <Button
              color="red"
              loading={transition === 'stopping'}
              onClick={() => {
                setRequest('stop');
                stop.mutate({ params: { id: data.id } });
              }}
              data-testid="lulink-stop"
            >
              {t('devices.luLink.stop')}
            </Button>
          ) : (
            <Button
              loading={transition === 'starting'}
              onClick={() => {
                setRequest('start');
                start.mutate({ params: { id: data.id } });
              }}
              data-testid="lulink-start"
            >
              {t('devices.luLink.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function LuLinkTab({ unitId, linkId, onSelect }: { unitId: string | null; linkId: string | null; onSelect: (unitId: string | null, linkId: string | null) => void }) {
  const { t } = useTranslation();
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const current = useEndpointQuery('getP2pLink', { params: { id: linkId ?? '' } }, { enabled: linkId !== null });
  const known = useKnownLinks(current.data);
  const [typed, setTyped] = useState('');
  const unitList = units.data ?? [];
  const ofUnit = unitId === null ? known : linksOfUnit(known, unitId);
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
      </Group>
      <Text size="sm" c="dimmed">
        {t('devices.luLink.hint')}
      </Text>
      {ofUnit.length > 0 && (
        <Group gap="xs" data-testid="lulink-known">
          {ofUnit.map((link) => (
            <Button key={link.id} size="xs" variant={link.id === linkId ? 'filled' : 'light'} onClick={() => onSelect(unitId, link.id)} data-testid={`lulink-known-${link.id}`}>
              {link.name}
            </Button>
          ))}
        </Group>
      )}
      {linkId !== null && <LinkView linkId={linkId} units={unitList} />}
    </Stack>
  );
}
