/**
 * A cellular modem of the Connections tab: its network mode, roaming and forced scan, four APN slots
 * (saved through the interfaces configuration), SIM A/B, and the operator: the scan (its result
 * arrives on /ws), the selection and the return to automatic, waited for up to 30 seconds (spec 000 §9).
 */
import { useRef, useState } from 'react';
import { Button, Checkbox, Group, Loader, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AUTH_PROTOCOLS,
  CellularScanReport,
  NETWORK_MODES,
  SIM_SLOTS,
  TIMINGS,
  type CellularOperator,
  type Modem,
  type ModemConfig,
  type SimSlot,
  type UnitConfiguration,
} from '@fleet/contracts';
import { validateCellularScan } from '@fleet/domain';
import { useEndpointQuery } from '../../api/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { useLiveEvents } from '../../kit/useLiveEvents';
import { modemBody, modemForm, type NetworkMode, type UnitFacts } from './forms';
import { useSpecText } from '../../lib/forms/specText';
import { RowList } from '../../kit/ConfigFields';
import { AwaitedNote, ConfigCard, FailureNote, useAllowed, useConfigContext } from './parts';
import { useAwaitedChange } from './useAwaitedChange';
import { useConfigAction } from './useConfigAction';
import { MutedText, StrongText } from '../../kit/MutedText';

interface ModemProps {
  readonly modem: Modem;
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

/** A cellular modem's pinned operator as one comparable value. */
function operatorKey(network: UnitConfiguration['cellular'][string]['network']): string {
  return network === 'automatic' ? 'automatic' : `${network.mcc}-${network.mnc}`;
}

interface ScanState {
  readonly running: boolean;
  readonly operators: readonly CellularOperator[] | null;
  readonly failure: string | null;
}

/** The outcome of this modem's cellular scan, which arrives on /ws as `unit.commandResult` (1–2 minutes later). */
function useScanResult(unitId: string, modemId: string): [ScanState, (s: ScanState) => void] {
  const [state, setState] = useState<ScanState>({ running: false, operators: null, failure: null });
  // Screen state: this form waits for its own scan's outcome; no cached read changes.
  useLiveEvents((_client, event) => {
    if (event.type !== 'unit.commandResult' || event.unitId !== unitId || event.command !== 'cellularScan') return;
    const report = CellularScanReport.safeParse(event.result);
    if (report.success && report.data.modemId !== modemId) return;
    if (event.outcome === 'completed' && report.success) setState({ running: false, operators: report.data.operators, failure: null });
    else setState({ running: false, operators: null, failure: event.message ?? event.code ?? '' });
  });
  return [state, setState];
}

function ModemForm({ modem, modemConfig, config, unit }: ModemProps & { readonly modemConfig: ModemConfig }) {
  const { t } = useTranslation();
  const text = useSpecText();
  const { unitId } = useConfigContext();
  const formId = `modem-${modem.port}`;
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
  const failure = sim.failure ?? scanAction.failure ?? select.failure ?? (scan.failure === '' ? null : scan.failure);
  return (
    <ConfigCard
      formId={formId}
      title={t('unitConfig.modem.title', { name: modem.name, port: modem.port })}
      endpoint="updateUnitInterfacesConfig"
      source={modemForm(modemConfig, config)}
      toBody={(v) => modemBody(v, modem.port)}
      shows={['networkMode', 'apns']}
    >
      {(form, error) => (
        <>
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
              data={[
                ...((modemConfig.activeSim ?? modem.activeSim) ? [] : [{ value: '', label: '' }]),
                ...SIM_SLOTS.map((s) => ({ value: s, label: t('unitConfig.modem.sim', { slot: s }) })),
              ]}
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
          <RowList
            prefix={`config-${formId}`}
            path="apns"
            rows={form.values.apns}
            onChange={(apns) => form.set({ apns })}
            heading={(i) => <StrongText>{t('unitConfig.modem.apnSlot', { slot: i + 1 })}</StrongText>}
            fields={() => [
              { kind: 'text', name: 'apn', label: t('unitConfig.modem.apn'), inline: true },
              { kind: 'text', name: 'username', label: t('unitConfig.modem.username'), inline: true },
              { kind: 'password', name: 'password', label: t('unitConfig.modem.password'), placeholder: t('unitConfig.modem.passwordKept'), inline: true },
              {
                kind: 'select',
                name: 'authProtocol',
                label: t('unitConfig.modem.authProtocol'),
                options: AUTH_PROTOCOLS.map((p) => ({ value: p, label: t(`unitConfig.modem.authProtocols.${p}`) })),
                inline: true,
              },
            ]}
            error={error}
          />
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
            waiting={t('unitConfig.wait.operator', {
              operator: operatorWait.target === 'automatic' ? t('unitConfig.modem.automatic') : (operatorWait.target ?? ''),
            })}
            late={t('unitConfig.wait.operatorLate')}
            testId={`config-${formId}-operator-wait`}
          />
          {canScan && scanBlocked !== null && (
            <MutedText size="xs" testId={`config-${formId}-scan-blocked`}>
              {text(scanBlocked)}
            </MutedText>
          )}
          {scan.running && (
            <Group gap="xs" data-testid={`config-${formId}-scanning`}>
              <Loader size="xs" />
              <Text size="sm">{t('unitConfig.modem.scanning')}</Text>
            </Group>
          )}
          {scan.operators != null && (
            <Stack gap={4} data-testid={`config-${formId}-operators`}>
              <StrongText>{t('unitConfig.modem.operators')}</StrongText>
              {scan.operators.map((op) => (
                <Group key={`${op.mcc}-${op.mnc}`} gap="xs">
                  <Text size="sm">
                    {t('unitConfig.modem.operator', {
                      name: op.name,
                      technology: op.technology,
                      mcc: op.mcc,
                      mnc: op.mnc,
                      signal: Math.round(op.signalQuality),
                    })}
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
          <FailureNote failure={failure} testId={`${formId}-command`} />
        </>
      )}
    </ConfigCard>
  );
}

export function ModemSection({ modem, ...props }: ModemProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const query = useEndpointQuery('getUnitModemConfig', { params: { id: unitId, n: modem.port } });
  if (query.error) return <ErrorAlert error={query.error} />;
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
