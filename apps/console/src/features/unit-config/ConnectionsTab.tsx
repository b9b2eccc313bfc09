/**
 * Connections tab: the unit's links (enable/disable; the last connected one cannot be disabled,
 * a delay below 0.8 s forces Ethernet or Wi-Fi), Wi-Fi (scan, connect, disconnect), Ethernet
 * addressing, and each cellular modem (network mode, roaming, four APN slots, SIM A/B, operator
 * scan and selection). After a link toggle or a Wi-Fi connection the tab waits up to one minute for
 * the unit to report it, after an operator switch up to 30 seconds (spec 000 §9; useAwaitedChange).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, NativeSelect, Paper, PasswordInput, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AUTH_PROTOCOLS, CellularScanReport, InterfacesConfigUpdateBody, IP_MODES, NETWORK_MODES, SIM_SLOTS, TIMINGS, WIFI_SECURITY, WifiConnectBody,
  type CellularOperator, type Modem, type ModemConfig, type SimSlot, type UnitConfiguration, type WifiNetwork,
} from '@fleet/contracts';
import { modemUiState, validateCellularScan } from '@fleet/domain';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useRealtime } from '../../realtime/RealtimeProvider';
import {
  ethernetBody, ethernetForm, linkDisableBlocker, modemBody, modemForm, validateEthernetForm, validateModemForm, validateWifiForm, wifiBody, wifiForm,
  type ApnRow, type AuthProtocol, type IpMode, type NetworkMode, type UnitFacts, type WifiSecurity,
} from './forms';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useSpecText } from '../../lib/forms/specText';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { FormSection, useAllowed, useConfigContext } from './parts';
import { useAwaitedChange } from './useAwaitedChange';
import type { AwaitedState } from './useAwaitedChange';
import { useConfigAction } from './useConfigAction';

interface TabProps {
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

/** While waiting for the unit to report a change: the wait it can take, then that it has not come. */
function AwaitedNote({ state, waiting, late, testId }: { state: AwaitedState; waiting: string; late: string; testId: string }) {
  if (state === 'idle') return null;
  return (
    <Group gap={6} data-testid={testId} data-state={state}>
      {state === 'waiting' && <Loader size={12} />}
      <Text size="xs" c={state === 'late' ? 'orange' : 'dimmed'}>
        {state === 'waiting' ? waiting : late}
      </Text>
    </Group>
  );
}

/** A cellular modem's pinned operator as one comparable value. */
function operatorKey(network: UnitConfiguration['cellular'][string]['network']): string {
  return network === 'automatic' ? 'automatic' : `${network.mcc}-${network.mnc}`;
}

function LinkRow({ modem, unit, config }: { modem: Modem } & TabProps) {
  const { t } = useTranslation();
  const text = useSpecText();
  const { unitId } = useConfigContext();
  const allowed = useAllowed('commandLinkConfiguration');
  const wait = useAwaitedChange(modem.enabled, TIMINGS.wifiOrModemToggleMaxMs);
  const wanted = useRef(modem.enabled);
  const toggle = useConfigAction(unitId, 'commandLinkConfiguration', () => wait.await(wanted.current));
  const blocker = linkDisableBlocker(unit.modems, modem, config.forcesWiredLink);
  const state = modemUiState({ present: true, enabled: modem.enabled, connected: modem.connected });
  const reason = blocker === null ? null : blocker.kind === 'message' ? text(blocker.message) : t('unitConfig.links.forcedWired');
  return (
    <Table.Tr data-testid={`config-link-${modem.id}`}>
      <Table.Td>{modem.name}</Table.Td>
      <Table.Td>{t(`unitConfig.links.uiTypes.${modem.uiType}`)}</Table.Td>
      <Table.Td>
        <Badge color={state === 'connected' ? 'green' : state === 'disabled' ? 'gray' : 'yellow'} data-testid={`config-link-state-${modem.id}`}>
          {t(`unitConfig.links.states.${state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{t('unitConfig.links.uplink', { kbps: Math.round(modem.uplinkKbps) })}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Switch
            aria-label={t('unitConfig.links.enabled')}
            checked={modem.enabled}
            disabled={!allowed || toggle.pending || (modem.enabled && blocker !== null)}
            onChange={(e) => {
              wanted.current = e.currentTarget.checked;
              toggle.run({ modemId: modem.id, enabled: e.currentTarget.checked });
            }}
            data-testid={`config-link-enabled-${modem.id}`}
          />
          <AwaitedNote
            state={wait.state}
            waiting={t(wait.target === false ? 'unitConfig.wait.disabling' : 'unitConfig.wait.enabling')}
            late={t('unitConfig.wait.linkLate')}
            testId={`config-link-wait-${modem.id}`}
          />
          {reason !== null && modem.enabled && (
            <Text size="xs" c="dimmed" data-testid={`config-link-blocked-${modem.id}`}>
              {reason}
            </Text>
          )}
          {toggle.failure !== null && (
            <Text size="xs" c="red" data-testid={`config-failure-link-${modem.id}`}>
              {text(toggle.failure)}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function LinksSection(props: TabProps) {
  const { t } = useTranslation();
  const { modems } = props.unit;
  return (
    <Paper withBorder p="md" data-testid="config-links">
      <Stack gap="sm">
        <Title order={5}>{t('unitConfig.links.title')}</Title>
        {modems.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('unitConfig.links.none')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {modems.map((modem) => (
                <LinkRow key={modem.id} modem={modem} {...props} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function WifiSection({ config, unit, wifi }: TabProps & { wifi: Modem }) {
  const { t } = useTranslation();
  const text = useSpecText();
  const { unitId } = useConfigContext();
  // The network the unit reports being on ('' when none), waited for after a connect or disconnect.
  const wait = useAwaitedChange(wifi.connected ? (config.wifi.ssid ?? '') : '', TIMINGS.wifiOrModemToggleMaxMs);
  const sentSsid = useRef('');
  const form = useConfigForm({
    unitId,
    source: wifiForm(config),
    validate: validateWifiForm,
    endpoint: 'commandWifiConnect',
    schema: WifiConnectBody,
    toBody: (values) => {
      sentSsid.current = values.ssid.trim();
      return wifiBody(values);
    },
    kind: 'command',
    onApplied: () => wait.await(sentSsid.current),
  });
  const error = useFieldError('config-error-wifi', form.errors);
  const [networks, setNetworks] = useState<readonly WifiNetwork[] | null>(null);
  const query = useConfigAction(unitId, 'commandWifiQuery', (data) => setNetworks(data.networks));
  const disconnect = useConfigAction(unitId, 'commandWifiDisconnect', () => wait.await(''));
  const canQuery = useAllowed('commandWifiQuery');
  const canDisconnect = useAllowed('commandWifiDisconnect');
  const blocker = linkDisableBlocker(unit.modems, wifi, config.forcesWiredLink);
  const blockedReason = blocker === null ? null : blocker.kind === 'message' ? text(blocker.message) : t('unitConfig.links.forcedWired');
  const failure = query.failure ?? disconnect.failure;
  return (
    <FormSection formId="wifi" title={t('unitConfig.wifi.title')} form={form} allowed={useAllowed('commandWifiConnect')}>
      <Group justify="space-between">
        <Text size="sm" data-testid="config-wifi-current">
          {config.wifi.ssid && wifi.connected ? t('unitConfig.wifi.current', { ssid: config.wifi.ssid }) : t('unitConfig.wifi.notConnected')}
        </Text>
        <Group>
          {canQuery && (
            <Button variant="light" loading={query.pending} onClick={() => query.run()} data-testid="config-wifi-scan">
              {t('unitConfig.wifi.scan')}
            </Button>
          )}
          {canDisconnect && (
            <Button
              variant="light"
              color="red"
              disabled={!wifi.connected || blocker !== null}
              loading={disconnect.pending}
              onClick={() => disconnect.run()}
              data-testid="config-wifi-disconnect"
            >
              {t('unitConfig.wifi.disconnect')}
            </Button>
          )}
        </Group>
      </Group>
      <AwaitedNote
        state={wait.state}
        waiting={wait.target === '' ? t('unitConfig.wait.wifiDisconnecting') : t('unitConfig.wait.wifiConnecting', { ssid: wait.target ?? '' })}
        late={t('unitConfig.wait.linkLate')}
        testId="config-wifi-wait"
      />
      {blockedReason !== null && wifi.connected && (
        <Text size="xs" c="dimmed" data-testid="config-wifi-disconnect-blocked">
          {blockedReason}
        </Text>
      )}
      {failure !== null && (
        <Text size="sm" c="red" data-testid="config-failure-wifi-command">
          {text(failure)}
        </Text>
      )}
      {networks !== null && (
        <Stack gap={4} data-testid="config-wifi-networks">
          <Text size="sm" fw={500}>
            {t('unitConfig.wifi.networks')}
          </Text>
          {networks.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('unitConfig.wifi.noNetworks')}
            </Text>
          )}
          {networks.map((n) => (
            <Group key={n.ssid} gap="xs">
              <Text size="sm">{n.ssid}</Text>
              <Badge size="xs" variant="light">
                {t(`unitConfig.wifi.securities.${n.security}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('unitConfig.wifi.signal', { value: Math.round(n.signalQuality) })}
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => form.set({ ssid: n.ssid, security: n.security })} data-testid={`config-wifi-use-${n.ssid}`}>
                {t('unitConfig.wifi.use')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('unitConfig.wifi.ssid')}
          value={form.values.ssid}
          onChange={(e) => form.set({ ssid: e.currentTarget.value })}
          error={error('ssid')}
          data-testid="config-wifi-ssid"
        />
        <NativeSelect
          label={t('unitConfig.wifi.security')}
          value={form.values.security}
          onChange={(e) => form.set({ security: e.currentTarget.value as WifiSecurity })}
          data={WIFI_SECURITY.map((s) => ({ value: s, label: t(`unitConfig.wifi.securities.${s}`) }))}
          data-testid="config-wifi-security"
        />
        {form.values.security !== 'open' && (
          <PasswordInput
            label={t('unitConfig.wifi.password')}
            value={form.values.password}
            onChange={(e) => form.set({ password: e.currentTarget.value })}
            error={error('password')}
            data-testid="config-wifi-password"
          />
        )}
      </SimpleGrid>
    </FormSection>
  );
}

function EthernetSection({ config, modem }: { config: UnitConfiguration; modem: Modem }) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const formId = `ethernet-${modem.port}`;
  const form = useConfigForm({
    unitId,
    source: ethernetForm(config, modem.port),
    validate: (v) => validateEthernetForm(v, modem.port),
    endpoint: 'updateUnitInterfacesConfig',
    schema: InterfacesConfigUpdateBody,
    toBody: (v) => ethernetBody(v, modem.port),
    kind: 'update',
  });
  const error = useFieldError(`config-error-${formId}`, form.errors);
  const staticMode = form.values.ipMode === 'static';
  return (
    <FormSection formId={formId} title={t('unitConfig.ethernet.title', { name: modem.name, port: modem.port })} form={form} allowed={useAllowed('updateUnitInterfacesConfig')}>
      <NativeSelect
        label={t('unitConfig.ethernet.ipMode')}
        value={form.values.ipMode}
        onChange={(e) => form.set({ ipMode: e.currentTarget.value as IpMode })}
        data={IP_MODES.map((m) => ({ value: m, label: t(`unitConfig.ethernet.ipModes.${m}`) }))}
        data-testid={`config-${formId}-ipMode`}
      />
      {staticMode && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('unitConfig.ethernet.ip')}
            value={form.values.ip}
            onChange={(e) => form.set({ ip: e.currentTarget.value })}
            error={error('ip')}
            data-testid={`config-${formId}-ip`}
          />
          <TextInput
            label={t('unitConfig.ethernet.subnetMask')}
            value={form.values.subnetMask}
            onChange={(e) => form.set({ subnetMask: e.currentTarget.value })}
            error={error('subnetMask')}
            data-testid={`config-${formId}-subnetMask`}
          />
          <TextInput
            label={t('unitConfig.ethernet.gateway')}
            value={form.values.gateway}
            onChange={(e) => form.set({ gateway: e.currentTarget.value })}
            error={error('gateway')}
            data-testid={`config-${formId}-gateway`}
          />
        </SimpleGrid>
      )}
    </FormSection>
  );
}

interface ScanState {
  readonly running: boolean;
  readonly operators: readonly CellularOperator[] | null;
  readonly failure: string | null;
}

/** The outcome of this modem's cellular scan, which arrives on /ws as `unit.commandResult` (1–2 minutes later). */
function useScanResult(unitId: string, modemId: string): [ScanState, (s: ScanState) => void] {
  const { subscribe } = useRealtime();
  const [state, setState] = useState<ScanState>({ running: false, operators: null, failure: null });
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type !== 'unit.commandResult' || event.unitId !== unitId || event.command !== 'cellularScan') return;
        const report = CellularScanReport.safeParse(event.result);
        if (report.success && report.data.modemId !== modemId) return;
        if (event.outcome === 'completed' && report.success) setState({ running: false, operators: report.data.operators, failure: null });
        else setState({ running: false, operators: null, failure: event.message ?? event.code ?? '' });
      }),
    [modemId, subscribe, unitId],
  );
  return [state, setState];
}

function ModemForm({ modem, modemConfig, config, unit }: { modem: Modem; modemConfig: ModemConfig } & TabProps) {
  const { t } = useTranslation();
  const text = useSpecText();
  const { unitId } = useConfigContext();
  const formId = `modem-${modem.port}`;
  const form = useConfigForm({
    unitId,
    source: modemForm(modemConfig, config),
    validate: (v) => validateModemForm(v, modem.port),
    endpoint: 'updateUnitInterfacesConfig',
    schema: InterfacesConfigUpdateBody,
    toBody: (v) => modemBody(v, modem.port),
    kind: 'update',
  });
  const error = useFieldError(`config-error-${formId}`, form.errors);
  const sim = useConfigAction(unitId, 'commandActiveSim');
  const [scan, setScan] = useScanResult(unitId, modem.id);
  const scanAction = useConfigAction(unitId, 'commandCellularScan', () => setScan({ running: true, operators: null, failure: null }));
  const network = config.cellular[modem.id]?.network ?? 'automatic';
  const operatorWait = useAwaitedChange(operatorKey(network), TIMINGS.operatorSwitchMaxMs);
  const selected = useRef('automatic');
  const select = useConfigAction(unitId, 'commandCellularSelect', () => operatorWait.await(selected.current));
  const selectOperator = (next: UnitConfiguration['cellular'][string]['network']) => {
    selected.current = operatorKey(next);
    select.run({ modemId: modem.id, network: next });
  };
  const canSim = useAllowed('commandActiveSim');
  const canScan = useAllowed('commandCellularScan');
  const canSelect = useAllowed('commandCellularSelect');
  const scanBlocked = validateCellularScan(unit.modems);
  const setApn = (index: number, patch: Partial<ApnRow>) => form.set({ apns: form.values.apns.map((a, i) => (i === index ? { ...a, ...patch } : a)) });
  const failure = sim.failure ?? scanAction.failure ?? select.failure ?? (scan.failure === '' ? null : scan.failure);
  return (
    <FormSection formId={formId} title={t('unitConfig.modem.title', { name: modem.name, port: modem.port })} form={form} allowed={useAllowed('updateUnitInterfacesConfig')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={t('unitConfig.modem.networkMode')}
          value={form.values.networkMode}
          onChange={(e) => form.set({ networkMode: e.currentTarget.value as NetworkMode })}
          data={[...NETWORK_MODES]}
          error={error('networkMode')}
          data-testid={`config-${formId}-networkMode`}
        />
        <NativeSelect
          label={t('unitConfig.modem.activeSim')}
          value={modemConfig.activeSim ?? modem.activeSim ?? ''}
          disabled={!canSim || sim.pending}
          onChange={(e) => sim.run({ modemId: modem.id, sim: e.currentTarget.value as SimSlot })}
          data={[...(modemConfig.activeSim ?? modem.activeSim ? [] : [{ value: '', label: '' }]), ...SIM_SLOTS.map((s) => ({ value: s, label: t('unitConfig.modem.sim', { slot: s }) }))]}
          data-testid={`config-${formId}-activeSim`}
        />
        <Stack gap={4} pt="lg">
          <Checkbox
            label={t('unitConfig.modem.roamingAllowed')}
            checked={form.values.roamingAllowed}
            onChange={(e) => form.set({ roamingAllowed: e.currentTarget.checked })}
            data-testid={`config-${formId}-roamingAllowed`}
          />
          <Checkbox
            label={t('unitConfig.modem.forceScanNow')}
            checked={form.values.forceScanNow}
            onChange={(e) => form.set({ forceScanNow: e.currentTarget.checked })}
            data-testid={`config-${formId}-forceScanNow`}
          />
        </Stack>
      </SimpleGrid>
      {form.values.apns.map((apn, i) => (
        <Stack key={i} gap={4}>
          <Text size="sm" fw={500}>
            {t('unitConfig.modem.apnSlot', { slot: i + 1 })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextInput
              aria-label={t('unitConfig.modem.apn')}
              placeholder={t('unitConfig.modem.apn')}
              value={apn.apn}
              onChange={(e) => setApn(i, { apn: e.currentTarget.value })}
              error={error(`apns.${i}.apn`)}
              data-testid={`config-${formId}-apn-${i}`}
            />
            <TextInput
              aria-label={t('unitConfig.modem.username')}
              placeholder={t('unitConfig.modem.username')}
              value={apn.username}
              onChange={(e) => setApn(i, { username: e.currentTarget.value })}
              error={error(`apns.${i}.username`)}
              data-testid={`config-${formId}-username-${i}`}
            />
            <PasswordInput
              aria-label={t('unitConfig.modem.password')}
              placeholder={t('unitConfig.modem.passwordKept')}
              value={apn.password}
              onChange={(e) => setApn(i, { password: e.currentTarget.value })}
              error={error(`apns.${i}.password`)}
              data-testid={`config-${formId}-password-${i}`}
            />
            <NativeSelect
              aria-label={t('unitConfig.modem.authProtocol')}
              value={apn.authProtocol}
              onChange={(e) => setApn(i, { authProtocol: e.currentTarget.value as AuthProtocol })}
              data={AUTH_PROTOCOLS.map((p) => ({ value: p, label: t(`unitConfig.modem.authProtocols.${p}`) }))}
              data-testid={`config-${formId}-authProtocol-${i}`}
            />
          </SimpleGrid>
        </Stack>
      ))}
      <Group justify="space-between">
        <Text size="sm" data-testid={`config-${formId}-operator`}>
          {t('unitConfig.modem.currentOperator', {
            operator: network === 'automatic' ? t('unitConfig.modem.automatic') : `${network.mcc}-${network.mnc}`,
          })}
        </Text>
        <Group>
          {canSelect && network !== 'automatic' && (
            <Button variant="subtle" loading={select.pending} onClick={() => selectOperator('automatic')} data-testid={`config-${formId}-automatic`}>
              {t('unitConfig.modem.automatic')}
            </Button>
          )}
          {canScan && (
            <Button
              variant="light"
              disabled={scanBlocked !== null || scan.running}
              loading={scanAction.pending}
              onClick={() => scanAction.run({ modemId: modem.id })}
              data-testid={`config-${formId}-scan`}
            >
              {t('unitConfig.modem.scan')}
            </Button>
          )}
        </Group>
      </Group>
      <AwaitedNote
        state={operatorWait.state}
        waiting={t('unitConfig.wait.operator', { operator: operatorWait.target === 'automatic' ? t('unitConfig.modem.automatic') : (operatorWait.target ?? '') })}
        late={t('unitConfig.wait.operatorLate')}
        testId={`config-${formId}-operator-wait`}
      />
      {canScan && scanBlocked !== null && (
        <Text size="xs" c="dimmed" data-testid={`config-${formId}-scan-blocked`}>
          {text(scanBlocked)}
        </Text>
      )}
      {scan.running && (
        <Group gap="xs" data-testid={`config-${formId}-scanning`}>
          <Loader size="xs" />
          <Text size="sm">{t('unitConfig.modem.scanning')}</Text>
        </Group>
      )}
      {scan.operators !== null && (
        <Stack gap={4} data-testid={`config-${formId}-operators`}>
          <Text size="sm" fw={500}>
            {t('unitConfig.modem.operators')}
          </Text>
          {scan.operators.map((op) => (
            <Group key={`${op.mcc}-${op.mnc}`} gap="xs">
              <Text size="sm">
                {t('unitConfig.modem.operator', { name: op.name, technology: op.technology, mcc: op.mcc, mnc: op.mnc, signal: Math.round(op.signalQuality) })}
              </Text>
              {canSelect && (
                <Button size="compact-xs" variant="subtle" onClick={() => selectOperator({ mcc: op.mcc, mnc: op.mnc })}>
                  {t('unitConfig.modem.select')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {failure !== null && (
        <Text size="sm" c="red" data-testid={`config-failure-${formId}-command`}>
          {text(failure)}
        </Text>
      )}
    </FormSection>
  );
}

function ModemSection({ modem, ...props }: { modem: Modem } & TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const errorText = useApiErrorMessage();
  const query = useEndpointQuery('getUnitModemConfig', { params: { id: unitId, n: modem.port } });
  if (query.error) return <Alert color="red">{errorText(query.error)}</Alert>;
  if (!query.data) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('unitConfig.modem.loading')}</Text>
      </Group>
    );
  }
  return <ModemForm modem={modem} modemConfig={query.data} {...props} />;
}

export default function ConnectionsTab({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const wifi = unit.modems.find((m) => m.uiType === 'wifi');
  const lans = unit.modems.filter((m) => m.uiType === 'lan');
  const cells = unit.modems.filter((m) => m.uiType === 'cell');
  return (
    <Stack gap="md">
      <LinksSection config={config} unit={unit} />
      {wifi ? (
        <WifiSection config={config} unit={unit} wifi={wifi} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('unitConfig.wifi.none')}
        </Text>
      )}
      {lans.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('unitConfig.ethernet.none')}
        </Text>
      ) : (
        lans.map((m) => <EthernetSection key={m.id} config={config} modem={m} />)
      )}
      {cells.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('unitConfig.modem.none')}
        </Text>
      ) : (
        cells.map((m) => <ModemSection key={m.id} modem={m} config={config} unit={unit} />)
      )}
    </Stack>
  );
}
