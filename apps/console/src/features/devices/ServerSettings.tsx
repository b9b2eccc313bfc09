/**
 * The server detail's settings forms (spec 001 §3 Server, §5 ranges, §8 refusals): the
 * multimedia hub / video return server configuration, the hub's SMPTE 2110 network settings and
 * its IP pipe. Each form is checked with its call's catalogue body schema (the spec's messages
 * inline) and applied through that call; users who may not change servers see the values with
 * no Apply (the shared form section shows "Not available for your user type").
 */
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, NativeSelect, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IFB_MODES, PUBLISHING_MODES } from '@fleet/contracts';
import type { IpPipeSettings, ServerConfiguration, ServerDetail, SmpteSettings } from '@fleet/contracts';
import { useEndpointQuery, endpointPrefix } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { ListTable } from '../../kit/ListTable';
import type { QueryLike } from '../../components/queryView';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useToastMutation } from '../../kit/useToastMutation';
import { useQueryClient } from '@tanstack/react-query';
import { ifbDelayMs, isLowDelayIfb } from '@fleet/domain';
import { ChannelFormSection } from '../channels/parts';
import { ConfigFields, type ConfigRow } from '../../kit/ConfigFields';
import { ipPipeBody, ipPipeEndpoint, ipPipeForm, serverConfigBody, serverConfigForm, smpteBody, smpteErrorPath, smpteForm } from './serverForms';
import type { ServerConfigForm, SmpteForm } from './serverForms';
import { useServerForm } from './useServerForm';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText, StrongText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

// ── Configuration ────────────────────────────────────────────────────────────────────────────
/** The configuration's read and write calls, by the server's kind. */
const CONFIGURATION_CALLS = {
  mmh: { read: 'getMmhServerConfiguration', write: 'setMmhServerConfiguration' },
  vr: { read: 'getVrServerConfiguration', write: 'setVrServerConfiguration' },
} as const;
type ConfigurationCalls = (typeof CONFIGURATION_CALLS)[keyof typeof CONFIGURATION_CALLS];

interface ConfigurationProps {
  server: ServerDetail;
  config: ServerConfiguration;
  calls: ConfigurationCalls;
  allowed: boolean;
}

function ConfigurationForm({ server, config, calls, allowed }: ConfigurationProps) {
  const { t } = useTranslation();
  const source = serverConfigForm(config);
  const form = useServerForm({
    server,
    source,
    endpoint: calls.write,
    toBody: (values: ServerConfigForm) => serverConfigBody(values, source),
    refresh: [calls.read],
  });
  const error = useFieldError('server-error-config', form.errors);
  const text = (field: keyof ServerConfigForm, label: string) => (
    <TextInput
      label={label}
      value={form.values[field]}
      onChange={(e) => form.set({ [field]: e.currentTarget.value })}
      error={error(field)}
      data-testid={`server-config-${field}`}
    />
  );
  return (
    <ChannelFormSection
      formId="server-config"
      title={t('devices.config.title')}
      form={form}
      allowed={allowed}
      shown={[
        ...(calls.write === 'setMmhServerConfiguration' ? ['ifbMode'] : []),
        'maxChannels',
        'webrtcPort',
        'genlockOffset',
        'registrationServer',
        'registrationServerPort',
      ]}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {calls.write === 'setMmhServerConfiguration' && (
          <NativeSelect
            label={t('devices.config.ifbMode')}
            description={t('devices.config.ifbModeHint')}
            value={form.values.ifbMode}
            onChange={(e) => form.set({ ifbMode: e.currentTarget.value as ServerConfigForm['ifbMode'] })}
            data={[
              { value: '', label: t('devices.config.notSet'), disabled: true },
              // Spec 001 §9 IFB low delay 300 ms versus 700 ms: each mode with the return audio's delay.
              ...IFB_MODES.map((mode) => ({
                value: mode,
                label: t(isLowDelayIfb(mode) ? 'devices.config.ifbModeLow' : 'devices.config.ifbModeStandard', { mode, delay: ifbDelayMs(mode) }),
              })),
            ]}
            error={error('ifbMode')}
            data-testid="server-config-ifbMode"
          />
        )}
        <NativeSelect
          label={t('devices.config.publishingMode')}
          value={form.values.publishingMode}
          onChange={(e) => form.set({ publishingMode: e.currentTarget.value as ServerConfigForm['publishingMode'] })}
          data={PUBLISHING_MODES.map((mode) => ({ value: mode, label: t(`devices.config.publishingModes.${mode}`) }))}
          data-testid="server-config-publishingMode"
        />
        <div>
          {text('maxChannels', t('devices.config.maxChannels'))}
          <MutedText size="xs" testId="server-config-allocated">
            {t('devices.config.allocated', { count: config.allocatedChannels })}
          </MutedText>
        </div>
        {text('webrtcPort', t('devices.config.webrtcPort'))}
        {text('genlockOffset', t('devices.config.genlockOffset'))}
        {text('registrationServer', t('devices.config.registrationServer'))}
        {text('registrationServerPort', t('devices.config.registrationServerPort'))}
      </SimpleGrid>
    </ChannelFormSection>
  );
}

function Certificates({ server, config, calls, allowed }: ConfigurationProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useToastMutation(calls.write, {
    success: () => t('devices.config.certificateRemoved'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: endpointPrefix(calls.read) }),
    onError: () => undefined,
  });
  return (
    <Stack gap="xs" data-testid="server-certificates">
      <StrongText>{t('devices.config.certificates')}</StrongText>
      <ListTable
        plain
        headless
        items={config.certificates}
        rowKey={(certificate) => certificate.id}
        testIdPrefix="server-certificate"
        rowTestId={(certificate) => `server-certificate-${certificate.id}`}
        emptyText={t('devices.config.noCertificates')}
        columns={[
          { id: 'name', header: '', render: (certificate) => certificate.name },
          {
            id: 'expires',
            header: '',
            render: (certificate) => (certificate.expiresAt == null ? '—' : dateText(certificate.expiresAt, (d) => d.toLocaleDateString())),
          },
          {
            id: 'remove',
            header: '',
            render: (certificate) =>
              allowed && (
                <Tooltip label={t('devices.config.removeCertificate')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('devices.config.removeCertificate')}
                    loading={remove.isPending}
                    onClick={() => remove.mutate({ params: { id: server.id }, body: { removeCertificateId: certificate.id } })}
                    data-testid={`server-certificate-remove-${certificate.id}`}
                  >
                    ×
                  </ActionIcon>
                </Tooltip>
              ),
          },
        ]}
      />
      <ErrorAlert error={remove.error} testId="server-certificate-error" />
    </Stack>
  );
}

/** A section's current values: loading and failure through the shared QueryView. */
function Section<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryView query={query} testIdPrefix="server-section" errorTitle={t('devices.detail.loadFailed')}>
      {children}
    </QueryView>
  );
}

/** A multimedia hub's or video return server's configuration form and certificates. */
export function ServerConfigurationSection({ server, kind, allowed }: { server: ServerDetail; kind: keyof typeof CONFIGURATION_CALLS; allowed: boolean }) {
  const calls = CONFIGURATION_CALLS[kind];
  const query = useEndpointQuery(calls.read, { params: { id: server.id } });
  return (
    <Section query={query}>
      {(config) => (
        <Stack gap="md">
          <ConfigurationForm server={server} config={config} calls={calls} allowed={allowed} />
          <Certificates server={server} config={config} calls={calls} allowed={allowed} />
        </Stack>
      )}
    </Section>
  );
}

// ── SMPTE 2110 ───────────────────────────────────────────────────────────────────────────────
function SmpteFormSection({ server, settings, allowed }: { server: ServerDetail; settings: SmpteSettings; allowed: boolean }) {
  const { t } = useTranslation();
  const form = useServerForm({
    server,
    source: smpteForm(settings),
    endpoint: 'setMmhServerSmpte',
    toBody: smpteBody,
    refresh: ['getMmhServerSmpte'],
  });
  const error = useFieldError('server-error-smpte', form.errors);
  const network = (side: 'primary' | 'secondary'): ConfigRow<SmpteForm> => [
    { kind: 'text', name: `${side}Ip`, label: t('devices.smpte.ip') },
    { kind: 'text', name: `${side}Mask`, label: t('devices.smpte.subnetMask') },
    { kind: 'text', name: `${side}Gateway`, label: t('devices.smpte.gateway') },
  ];
  const fields = (rows: readonly ConfigRow<SmpteForm>[]) => (
    <ConfigFields prefix="server" formId="smpte" form={form} fields={rows} error={(name) => error(smpteErrorPath(name as keyof SmpteForm))} />
  );
  return (
    <ChannelFormSection
      formId="server-smpte"
      title={t('devices.smpte.title')}
      form={form}
      allowed={allowed}
      // The core words the networks' problems under `primary` and `secondary` (smpteErrorPath).
      shown={['primary', ...(form.values.redundant ? ['secondary'] : []), 'ptpDomain', 'genlockOffset']}
    >
      <StrongText>{t('devices.smpte.primary')}</StrongText>
      {fields([network('primary'), { kind: 'checkbox', name: 'redundant', label: t('devices.smpte.redundant') }])}
      {form.values.redundant && fields([network('secondary')])}
      {fields([
        [
          { kind: 'text', name: 'ptpDomain', label: t('devices.smpte.ptpDomain') },
          { kind: 'text', name: 'genlockOffset', label: t('devices.config.genlockOffset') },
        ],
      ])}
    </ChannelFormSection>
  );
}

export function SmpteSection({ server, allowed }: { server: ServerDetail; allowed: boolean }) {
  const query = useEndpointQuery('getMmhServerSmpte', { params: { id: server.id } });
  return <Section query={query}>{(settings) => <SmpteFormSection server={server} settings={settings} allowed={allowed} />}</Section>;
}

// ── IP pipe ──────────────────────────────────────────────────────────────────────────────────
const PIPE_COLOR: Record<string, string> = { connected: 'green', connecting: 'yellow', disconnecting: 'yellow', failed: 'red', not_connected: 'gray' };

function IpPipeFormSection({ server, settings, allowed }: { server: ServerDetail; settings: IpPipeSettings; allowed: boolean }) {
  const { t } = useTranslation();
  const form = useServerForm({
    server,
    source: ipPipeForm(settings),
    endpoint: ipPipeEndpoint(settings),
    toBody: ipPipeBody,
    refresh: ['getMmhServerIpPipe'],
  });
  const error = useFieldError('server-error-ippipe', form.errors);
  // The live state comes with the server (server.changed), the settings' copy until then.
  const state = server.ipPipeState ?? settings.state;
  return (
    <ChannelFormSection
      formId="server-ippipe"
      title={t('devices.ipPipe.title')}
      form={form}
      allowed={allowed}
      shown={['enabled', 'port', 'bitrateKbps', 'servers']}
    >
      <Group gap="xs">
        <MutedText>{t('devices.ipPipe.state')}</MutedText>
        <Badge color={PIPE_COLOR[state] ?? 'gray'} variant="light" data-testid="server-ippipe-state" data-state={state}>
          {enumLabel(t, 'devices.ipPipe.states', state)}
        </Badge>
      </Group>
      <ConfigFields
        prefix="server"
        formId="ippipe"
        form={form}
        error={error}
        fields={[
          { kind: 'checkbox', name: 'enabled', label: t('devices.ipPipe.enabled') },
          [
            { kind: 'text', name: 'port', label: t('devices.ipPipe.port') },
            { kind: 'text', name: 'bitrateKbps', label: t('devices.ipPipe.bitrate'), testId: 'server-ippipe-bitrate' },
          ],
          {
            kind: 'textarea',
            name: 'servers',
            label: t('devices.ipPipe.servers'),
            description: t('devices.ipPipe.serversHint', { count: settings.serverCount }),
          },
        ]}
      />
    </ChannelFormSection>
  );
}

export function IpPipeSection({ server, allowed }: { server: ServerDetail; allowed: boolean }) {
  const query = useEndpointQuery('getMmhServerIpPipe', { params: { id: server.id }, query: { offset: 0, limit: 1000 } });
  return <Section query={query}>{(settings) => <IpPipeFormSection server={server} settings={settings} allowed={allowed} />}</Section>;
}
