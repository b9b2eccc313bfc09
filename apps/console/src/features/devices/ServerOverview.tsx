/**
 * The server detail's overview: its live values (status, usage, uptime, version, device id, cloud
 * instance, running state, tally and audio hardware, the applications running on it; current through server.changed), services,
 * addresses, hardware and features (as the server reported them coming up; read again on
 * server.changed), the comment (PUT servers/{id}/comment, at most 255 characters) and the reset of its
 * instance (confirmed; the status then goes offline and back online over /ws), and a check of its
 * status now (GET servers/{id}/status).
 */
import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useToastMutation } from '../../kit/useToastMutation';
import { ChannelFormSection, NotAvailable } from '../channels/parts';
import { formatUptime } from '../channels/channelFormat';
import { ServerStatusBadge } from './serverColumns';
import { usagePercent } from './serverFormat';
import { serverCommentBody } from './serverForms';
import { useServerForm } from './useServerForm';
import { LabelledValue } from '../../kit';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText, StrongText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

/** A titled list of what the server reported, with "none" once it answered with nothing. */
function FactList({ title, empty, testId, children }: { title: string; empty: boolean; testId: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={testId}>
      <StrongText>{title}</StrongText>
      {children}
      {empty && <MutedText>{t('devices.detail.none')}</MutedText>}
    </Stack>
  );
}

export function ServerFacts({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const none = t('devices.detail.none');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="server-facts">
      <LabelledValue label={t('devices.servers.columns.status')}>
        <ServerStatusBadge server={server} testId="server-detail-status" />
      </LabelledValue>
      <LabelledValue label={t('devices.servers.columns.type')}>{enumLabel(t, 'devices.types', server.serverType)}</LabelledValue>
      <LabelledValue label={t('devices.servers.columns.product')}>{server.productType}</LabelledValue>
      <LabelledValue label={t('devices.detail.serial')}>{server.serial || none}</LabelledValue>
      <LabelledValue label={t('devices.servers.columns.version')}>
        {server.targetSwVersion ? t('devices.detail.versionTarget', { version: server.swVersion, target: server.targetSwVersion }) : server.swVersion}
      </LabelledValue>
      <LabelledValue label={t('devices.servers.columns.cpu')} testId="server-detail-cpu">
        {usagePercent(server.serverUsage.cpu) ?? none}
      </LabelledValue>
      <LabelledValue label={t('devices.servers.columns.storage')}>{usagePercent(server.serverUsage.storage) ?? none}</LabelledValue>
      <LabelledValue label={t('devices.detail.upTime')}>{formatUptime(server.upTime) ?? none}</LabelledValue>
      <LabelledValue label={t('devices.servers.columns.channels')}>
        {t('devices.detail.channelsOf', { count: server.channelCount, max: server.maxChannels })}
      </LabelledValue>
      <LabelledValue label={t('devices.detail.cloud')} testId="server-detail-cloud">
        {[server.cloudProvider, server.cloudRegion, server.cloudInstance].filter(Boolean).join(' / ') || none}
      </LabelledValue>
      <LabelledValue label={t('devices.detail.deviceId')} testId="server-detail-device-id">
        {server.deviceId ?? none}
      </LabelledValue>
      <LabelledValue label={t('devices.detail.state')} testId="server-detail-state">
        {enumLabel(t, 'devices.detail.states', server.state, none)}
      </LabelledValue>
      <LabelledValue label={t('devices.detail.tally')} testId="server-detail-tally">
        {enumLabel(t, 'devices.detail.hw', server.tallyHwStatus, none)}
      </LabelledValue>
      <LabelledValue label={t('devices.detail.audio')} testId="server-detail-audio">
        {enumLabel(t, 'devices.detail.hw', server.audioHwStatus, none)}
      </LabelledValue>
      <LabelledValue label={t('devices.detail.applications')} testId="server-detail-applications">
        <ServerApplications applications={server.applications} none={none} />
      </LabelledValue>
    </SimpleGrid>
  );
}

/** What runs on the server (spec 001 §3 Server applications), each with its state. */
function ServerApplications({ applications, none }: { applications: ServerDetail['applications']; none: string }) {
  const { t } = useTranslation();
  const running = Object.entries(applications).flatMap(([name, app]) => (app ? [[name, app.state] as const] : []));
  if (running.length === 0) return <>{none}</>;
  return (
    <Group gap={4}>
      {running.map(([name, state]) => (
        <Badge key={name} size="sm" variant="light" data-testid={`server-application-${name}`} data-state={state}>
          {enumLabel(t, 'devices.detail.apps', name)}
        </Badge>
      ))}
    </Group>
  );
}

export function ServicesAndIps({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const services = useEndpointQuery('getServerServices', { params: { id: server.id } });
  const ips = useEndpointQuery('getServerIps', { params: { id: server.id } });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <FactList title={t('devices.detail.services')} empty={services.data?.services.length === 0} testId="server-services">
        {(services.data?.services ?? []).map((s) => (
          <Group key={s.serviceName} gap="xs">
            <Text size="sm">{s.serviceName}</Text>
            <Badge size="sm" variant="light">
              {s.serviceStatus}
            </Badge>
          </Group>
        ))}
      </FactList>
      <FactList title={t('devices.detail.ips')} empty={ips.data?.ips.length === 0} testId="server-ips">
        {(ips.data?.ips ?? []).map((ip) => (
          <Text key={`${ip.name}-${ip.address}`} size="sm" data-testid={`server-ip-${ip.name}`}>
            {ip.name}: {ip.address}
          </Text>
        ))}
      </FactList>
      <HardwareAndFeatures serverId={server.id} />
    </SimpleGrid>
  );
}

/** What the server reported about its hardware (GET servers/{id}/specifications) and the features it has (…/capabilities). */
function HardwareAndFeatures({ serverId }: { serverId: string }) {
  const { t } = useTranslation();
  const specifications = useEndpointQuery('getServerSpecifications', { params: { id: serverId } });
  const capabilities = useEndpointQuery('getServerCapabilities', { params: { id: serverId } });
  const specs = Object.entries(specifications.data?.specifications ?? {});
  const features = Object.entries(capabilities.data?.capabilities ?? {})
    .filter(([, on]) => on === true)
    .map(([name]) => name);
  return (
    <>
      <FactList title={t('devices.detail.hardware')} empty={specifications.data !== undefined && specs.length === 0} testId="server-specifications">
        {specs.map(([name, value]) => (
          <Text key={name} size="sm">
            {name}: {typeof value === 'object' ? JSON.stringify(value) : String(value)}
          </Text>
        ))}
      </FactList>
      <FactList title={t('devices.detail.features')} empty={capabilities.data !== undefined && features.length === 0} testId="server-capabilities">
        <Group gap={4}>
          {features.map((name) => (
            <Badge key={name} size="sm" variant="outline">
              {name}
            </Badge>
          ))}
        </Group>
      </FactList>
    </>
  );
}

export function CommentSection({ server, allowed }: { server: ServerDetail; allowed: boolean }) {
  const { t } = useTranslation();
  const form = useServerForm({
    server,
    source: { comment: server.comment },
    endpoint: 'setServerComment',
    toBody: serverCommentBody,
    refresh: ['getServerComment'],
  });
  const error = useFieldError('server-error-comment', form.errors);
  return (
    <ChannelFormSection formId="server-comment" title={t('devices.detail.comment')} form={form} allowed={allowed} shown={['comment']}>
      <Textarea
        autosize
        minRows={2}
        value={form.values.comment}
        onChange={(e) => form.set({ comment: e.currentTarget.value })}
        error={error('comment')}
        data-testid="server-comment-input"
      />
    </ChannelFormSection>
  );
}

export function ResetInstance({ server, allowed }: { server: ServerDetail; allowed: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reset = useToastMutation('resetServerInstance', {
    success: () => t('devices.reset.sent', { name: server.name }),
    onSuccess: () => setConfirming(false),
    onError: () => undefined,
  });
  return (
    <Stack gap="xs" data-testid="server-reset">
      <Group justify="space-between">
        <Text size="sm">{t('devices.reset.description')}</Text>
        {allowed ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="server-reset-button">
            {t('devices.reset.button')}
          </Button>
        ) : (
          <NotAvailable testId="server-reset-unavailable" />
        )}
      </Group>
      <ErrorAlert error={reset.error} testId="server-reset-error" />
      {confirming && (
        <ConfirmDeleteModal
          title={t('devices.reset.confirmTitle')}
          question={t('devices.reset.confirm', { name: server.name })}
          cancelLabel={t('devices.reset.cancel')}
          deleteLabel={t('devices.reset.button')}
          pending={reset.isPending}
          error={null}
          onConfirm={() => reset.mutate({ params: { id: server.id } })}
          onClose={() => setConfirming(false)}
          testIdPrefix="server-reset"
        />
      )}
    </Stack>
  );
}

/**
 * The server's status checked now (GET servers/{id}/status): read as the drawer opens and again on
 * demand, with the time of the check — beside the live values above, which follow /ws.
 */
export function StatusCheck({ server }: { server: ServerDetail }) {
  const { t, i18n } = useTranslation();
  const check = useEndpointQuery('getServerStatus', { params: { id: server.id } }, { staleTime: 0, refetchOnMount: 'always', retry: false });
  const none = t('devices.detail.none');
  const status = check.data;
  return (
    <Stack gap="xs" data-testid="server-status-check" data-checked-at={check.dataUpdatedAt}>
      <Group justify="space-between">
        <StrongText>{t('devices.detail.statusCheck.title')}</StrongText>
        <Button size="compact-xs" variant="light" loading={check.isFetching} onClick={() => void check.refetch()} data-testid="server-status-check-now">
          {t('devices.detail.statusCheck.now')}
        </Button>
      </Group>
      <ErrorAlert error={check.error} testId="server-status-check-error" />
      {status !== undefined && (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <LabelledValue label={t('devices.servers.columns.status')}>
            <ServerStatusBadge server={{ id: server.id, status: status.status }} testId="server-status-check-status" />
          </LabelledValue>
          <LabelledValue label={t('devices.detail.statusCheck.reachable')} testId="server-status-check-online">
            {status.online ? t('devices.detail.statusCheck.online') : t('devices.detail.statusCheck.offline')}
          </LabelledValue>
          <LabelledValue label={t('devices.detail.state')} testId="server-status-check-state">
            {enumLabel(t, 'devices.detail.states', status.state, none)}
          </LabelledValue>
          <LabelledValue label={t('devices.servers.columns.cpu')} testId="server-status-check-cpu">
            {usagePercent(status.serverUsage.cpu) ?? none}
          </LabelledValue>
          <LabelledValue label={t('devices.servers.columns.storage')} testId="server-status-check-storage">
            {usagePercent(status.serverUsage.storage) ?? none}
          </LabelledValue>
          <LabelledValue label={t('devices.detail.upTime')} testId="server-status-check-uptime">
            {formatUptime(status.upTime) ?? none}
          </LabelledValue>
          <LabelledValue label={t('devices.detail.statusCheck.checkedAt')} testId="server-status-check-time">
            {dateText(check.dataUpdatedAt, (d) => d.toLocaleTimeString(i18n.language))}
          </LabelledValue>
        </SimpleGrid>
      )}
    </Stack>
  );
}
