import { useMemo } from 'react';
import { Alert, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasAnyRole, UNIT_CONTROL_ROLES } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { CounterBar } from './CounterBar';
import { UnitRow } from './UnitRow';
import { useStreamTransitions } from './useStreamTransitions';

/** /list: the units the user can see (devices/fetch), kept current by the realtime client. */
export default function UnitListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.list'));
  const user = useSessionUser();
  const canControl = user !== undefined && hasAnyRole(rolesOf(user), UNIT_CONTROL_ROLES);
  const errorMessage = useApiErrorMessage();
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  // Spec 001 §7: past the maximum reconnects the list's loading state is a websocket error.
  const { listError } = useRealtime();
  const transitions = useStreamTransitions();
  const sorted = useMemo(() => [...(units.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [units.data]);

  let body: React.ReactNode;
  if (units.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} data-testid="units-loading" />
      </Center>
    );
  } else if (listError) {
    body = (
      <Alert color="red" data-testid="units-error" data-reason="websocket" title={t('realtime.websocketErrorTitle')}>
        {t('realtime.websocketError', { attempts: listError.attempts })}
      </Alert>
    );
  } else if (units.isError) {
    body = (
      <Alert color="red" data-testid="units-error" title={units.error.status === 500 ? t('units.internalError') : t('units.loadFailed')}>
        {errorMessage(units.error)}
      </Alert>
    );
  } else if (sorted.length === 0) {
    body = (
      <Text c="dimmed" data-testid="units-empty">
        {t('units.empty')}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="unit-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('units.columns.name')}</Table.Th>
              <Table.Th>{t('units.columns.type')}</Table.Th>
              <Table.Th>{t('units.columns.status')}</Table.Th>
              <Table.Th>{t('units.columns.battery')}</Table.Th>
              <Table.Th>{t('units.columns.bitrate')}</Table.Th>
              <Table.Th>{t('units.columns.location')}</Table.Th>
              <Table.Th>{t('units.columns.alerts')}</Table.Th>
              <Table.Th>{t('units.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((unit) => (
              <UnitRow key={unit.uniqueId} unit={unit} transition={transitions.transitionOf(unit)} canControl={canControl} onAction={transitions.run} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md" data-testid="unit-list-page">
      <Title order={2} data-testid="page-title">
        {t('routes.list')}
      </Title>
      <CounterBar units={units.data ?? []} />
      {body}
    </Stack>
  );
}
