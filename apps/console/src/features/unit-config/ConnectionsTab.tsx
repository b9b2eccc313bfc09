/**
 * Connections tab: the unit's links (enable/disable; the last connected one cannot be disabled,
 * a delay below 0.8 s forces Ethernet or Wi-Fi), Wi-Fi (scan, connect, disconnect), Ethernet
 * addressing, and each cellular modem (network mode, roaming, four APN slots, SIM A/B, operator
 * scan and selection). After a link toggle or a Wi-Fi connection the tab waits up to one minute for
 * the unit to report it, after an operator switch up to 30 seconds (spec 000 §9; useAwaitedChange).
 */
import { useRef, useState } from 'react';
import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IP_MODES, TIMINGS, WIFI_SECURITY, type Modem, type UnitConfiguration, type WifiNetwork } from '@fleet/contracts';
import { modemUiState } from '@fleet/domain';
import { ethernetBody, ethernetForm, linkDisableBlocker, wifiBody, wifiForm, type LinkBlocker } from './forms';
import { ListTable } from '../../kit/ListTable';
import { InfoSection } from '../../kit/NameValues';
import { useSpecText } from '../../lib/forms/specText';
import { ModemSection } from './ModemSection';
import { AwaitedNote, ConfigCard, ConfigFields, FailureNote, useAllowed, useConfigContext, type TabProps } from './parts';
import { useAwaitedChange } from './useAwaitedChange';
import { useConfigAction } from './useConfigAction';
import { MutedText, StrongText } from '../../kit/MutedText';
import { modemNameLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

/** Why a link cannot be switched off, in the user's words, or null. */
function useBlockerText(): (blocker: LinkBlocker | null) => string | null {
  const { t } = useTranslation();
  const text = useSpecText();
  return (blocker) => (blocker === null ? null : blocker.kind === 'message' ? text(blocker.message) : t('unitConfig.links.forcedWired'));
}

/** A link's row: its state, whether it may be disabled (and why not), and its toggle awaited until the unit reports it. */
function useLinkRow({ modem, unit, config }: { modem: Modem } & TabProps) {
  const blockerText = useBlockerText();
  const { unitId } = useConfigContext();
  const allowed = useAllowed('commandLinkConfiguration');
  const wait = useAwaitedChange(modem.enabled, TIMINGS.wifiOrModemToggleMaxMs);
  const wanted = useRef(modem.enabled);
  const toggle = useConfigAction(unitId, 'commandLinkConfiguration', () => wait.await(wanted.current));
  const blocker = linkDisableBlocker(unit.modems, modem, config.forcesWiredLink);
  return {
    modem,
    wait,
    state: modemUiState({ present: true, enabled: modem.enabled, connected: modem.connected }),
    reason: blockerText(blocker),
    failure: toggle.failure,
    disabled: !allowed || toggle.pending || (modem.enabled && blocker !== null),
    setEnabled: (enabled: boolean) => {
      wanted.current = enabled;
      toggle.run({ modemId: modem.id, enabled });
    },
  };
}

function LinksSection(props: TabProps) {
  const { t } = useTranslation();
  const { modems } = props.unit;
  return (
    <InfoSection testId="config-links" title={t('unitConfig.links.title')}>
      <ListTable
        plain
        headless
        items={modems.map((modem) => ({ ...props, modem }))}
        rowKey={({ modem }) => modem.id}
        useRow={useLinkRow}
        testIdPrefix="config-links"
        rowTestId={({ modem }) => `config-link-${modem.id}`}
        emptyText={t('unitConfig.links.none')}
        columns={[
          { id: 'name', header: '', render: ({ modem }) => modemNameLabel(t, modem) },
          { id: 'type', header: '', render: ({ modem }) => enumLabel(t, 'unitConfig.links.uiTypes', modem.uiType) },
          {
            id: 'state',
            header: '',
            render: ({ modem, state }) => (
              <Badge color={state === 'connected' ? 'green' : state === 'disabled' ? 'gray' : 'yellow'} data-testid={`config-link-state-${modem.id}`}>
                {enumLabel(t, 'unitConfig.links.states', state)}
              </Badge>
            ),
          },
          { id: 'uplink', header: '', render: ({ modem }) => t('unitConfig.links.uplink', { kbps: Math.round(modem.uplinkKbps) }) },
          {
            id: 'enabled',
            header: '',
            render: ({ modem, wait, reason, failure, disabled, setEnabled }) => (
              <Stack gap={2}>
                <Switch
                  aria-label={t('unitConfig.links.enabled')}
                  checked={modem.enabled}
                  disabled={disabled}
                  onChange={(e) => setEnabled(e.currentTarget.checked)}
                  data-testid={`config-link-enabled-${modem.id}`}
                />
                <AwaitedNote
                  state={wait.state}
                  waiting={t(wait.target === false ? 'unitConfig.wait.disabling' : 'unitConfig.wait.enabling')}
                  late={t('unitConfig.wait.linkLate')}
                  testId={`config-link-wait-${modem.id}`}
                />
                {reason !== null && modem.enabled && (
                  <MutedText size="xs" testId={`config-link-blocked-${modem.id}`}>
                    {reason}
                  </MutedText>
                )}
                <FailureNote failure={failure} testId={`link-${modem.id}`} size="xs" />
              </Stack>
            ),
          },
        ]}
      />
    </InfoSection>
  );
}

function WifiSection({ config, unit, wifi }: TabProps & { wifi: Modem }) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  // The network the unit reports being on ('' when none), waited for after a connect or disconnect.
  const wait = useAwaitedChange(wifi.connected ? (config.wifi.ssid ?? '') : '', TIMINGS.wifiOrModemToggleMaxMs);
  const sentSsid = useRef('');
  const [networks, setNetworks] = useState<readonly WifiNetwork[] | null>(null);
  const query = useConfigAction(unitId, 'commandWifiQuery', (data) => setNetworks(data.networks));
  const disconnect = useConfigAction(unitId, 'commandWifiDisconnect', () => wait.await(''));
  const canQuery = useAllowed('commandWifiQuery');
  const canDisconnect = useAllowed('commandWifiDisconnect');
  const blockerText = useBlockerText();
  const blocker = linkDisableBlocker(unit.modems, wifi, config.forcesWiredLink);
  const blockedReason = blockerText(blocker);
  const failure = query.failure ?? disconnect.failure;
  return (
    <ConfigCard
      formId="wifi"
      title={t('unitConfig.wifi.title')}
      endpoint="commandWifiConnect"
      source={wifiForm(config)}
      toBody={(values) => {
        sentSsid.current = values.ssid.trim();
        return wifiBody(values);
      }}
      onApplied={() => wait.await(sentSsid.current)}
      shows={['ssid', 'security', 'password']}
    >
      {(form, error) => (
        <>
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
            <MutedText size="xs" testId="config-wifi-disconnect-blocked">
              {blockedReason}
            </MutedText>
          )}
          <FailureNote failure={failure} testId="wifi-command" />
          {networks !== null && (
            <Stack gap={4} data-testid="config-wifi-networks">
              <StrongText>{t('unitConfig.wifi.networks')}</StrongText>
              {networks.length === 0 && <MutedText>{t('unitConfig.wifi.noNetworks')}</MutedText>}
              {networks.map((n) => (
                <Group key={n.ssid} gap="xs">
                  <Text size="sm">{n.ssid}</Text>
                  <Badge size="xs" variant="light">
                    {enumLabel(t, 'unitConfig.wifi.securities', n.security)}
                  </Badge>
                  <MutedText size="xs">{t('unitConfig.wifi.signal', { value: Math.round(n.signalQuality) })}</MutedText>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => form.set({ ssid: n.ssid, security: n.security })}
                    data-testid={`config-wifi-use-${n.ssid}`}
                  >
                    {t('unitConfig.wifi.use')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          <ConfigFields
            formId="wifi"
            form={form}
            error={error}
            fields={[
              [
                { kind: 'text', name: 'ssid', label: t('unitConfig.wifi.ssid') },
                {
                  kind: 'select',
                  name: 'security',
                  label: t('unitConfig.wifi.security'),
                  options: WIFI_SECURITY.map((s) => ({ value: s, label: t(`unitConfig.wifi.securities.${s}`) })),
                },
                { kind: 'password', name: 'password', label: t('unitConfig.wifi.password'), when: (v) => v.security !== 'open' },
              ],
            ]}
          />
        </>
      )}
    </ConfigCard>
  );
}

function EthernetSection({ config, modem }: { config: UnitConfiguration; modem: Modem }) {
  const { t } = useTranslation();
  const isStatic = (v: { ipMode: string }) => v.ipMode === 'static';
  return (
    <ConfigCard
      formId={`ethernet-${modem.port}`}
      title={t('unitConfig.ethernet.title', { name: modemNameLabel(t, modem), port: modem.port })}
      endpoint="updateUnitInterfacesConfig"
      source={ethernetForm(config, modem.port)}
      toBody={(v) => ethernetBody(v, modem.port)}
      fields={[
        {
          kind: 'select',
          name: 'ipMode',
          label: t('unitConfig.ethernet.ipMode'),
          options: IP_MODES.map((m) => ({ value: m, label: t(`unitConfig.ethernet.ipModes.${m}`) })),
        },
        [
          { kind: 'text', name: 'ip', label: t('unitConfig.ethernet.ip'), when: isStatic },
          { kind: 'text', name: 'subnetMask', label: t('unitConfig.ethernet.subnetMask'), when: isStatic },
          { kind: 'text', name: 'gateway', label: t('unitConfig.ethernet.gateway'), when: isStatic },
        ],
      ]}
    />
  );
}

export default function ConnectionsTab({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const wifi = unit.modems.find((m) => m.uiType === 'wifi');
  const lans = unit.modems.filter((m) => m.uiType === 'lan');
  const cells = unit.modems.filter((m) => m.uiType === 'cell');
  const none = (key: 'unitConfig.wifi.none' | 'unitConfig.ethernet.none' | 'unitConfig.modem.none') => <MutedText>{t(key)}</MutedText>;
  return (
    <Stack gap="md">
      <LinksSection config={config} unit={unit} />
      {wifi ? <WifiSection config={config} unit={unit} wifi={wifi} /> : none('unitConfig.wifi.none')}
      {lans.length === 0 ? none('unitConfig.ethernet.none') : lans.map((m) => <EthernetSection key={m.id} config={config} modem={m} />)}
      {cells.length === 0 ? none('unitConfig.modem.none') : cells.map((m) => <ModemSection key={m.id} modem={m} config={config} unit={unit} />)}
    </Stack>
  );
}
