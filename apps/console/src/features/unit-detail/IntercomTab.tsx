import { Badge, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INTERCOM_MODES, IntercomUpdateBody } from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useEndpointQuery } from '../../api/hooks';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { AudioRoomPicker, useAudioRoomName } from '../audio-rooms/AudioRoomPicker';
import { ChannelPicker } from '../channels/ChannelPicker';
import { useChannelNames } from '../channels/useChannelNames';
import { intercomApplications, intercomPhase } from './activity';
import { AudioJacksSection } from './AudioJacksSection';
import { LabelledValue } from '../../kit/NameValues';
import { ActivityControls, ApiErrorAlert, SaveButton, Section, useActivityRun } from './parts';
import { intercomBody, intercomValues } from './settingsForms';
import type { DetailTabProps } from './tabProps';
import { MutedText } from '../../kit/MutedText';

const SESSIONS = [1, 2] as const;

/** Spec 000 §3: a unit has two intercoms, each to an audio room or a target channel, over the unit's SIP account. */
export function IntercomTab({ unit, configuration, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  if (configuration === undefined) return <Loader size="sm" aria-label={t('common.loading')} />;
  return (
    <Stack gap="sm" data-testid="unit-detail-intercom">
      <SipAccountSection unitId={unit.uniqueId} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {SESSIONS.map((n) => (
          <IntercomCard
            key={n}
            n={n}
            unitId={unit.uniqueId}
            inventoryIds={unit.inventoryIds}
            canListRooms={canCall('listInventoryAudioRooms')}
            configuration={configuration}
            transitions={transitions}
            canSave={canCall('updateUnitIntercom')}
            canControl={canCall('startIntercomSession')}
          />
        ))}
      </SimpleGrid>
      <AudioJacksSection unitId={unit.uniqueId} configuration={configuration} canWrite={canCall('updateUnitIntercomAudioJacks')} />
    </Stack>
  );
}

function IntercomCard(props: {
  n: 1 | 2;
  unitId: string;
  inventoryIds: readonly string[];
  canListRooms: boolean;
  configuration: UnitConfiguration;
  transitions: DetailTabProps['transitions'];
  canSave: boolean;
  canControl: boolean;
}) {
  const { n, unitId, inventoryIds, canListRooms, configuration, transitions, canSave, canControl } = props;
  const { t } = useTranslation();
  const form = useConfigForm({
    unitId,
    source: intercomValues(configuration, n),
    endpoint: 'updateUnitIntercom',
    schema: IntercomUpdateBody,
    toBody: (values) => intercomBody(n, values),
    kind: 'update',
    successMessage: () => t('unitDetail.intercom.saved', { n }),
  });
  const error = useFieldError(`unit-detail-field-intercom-${n}`, form.errors);
  const { mode } = form.values;
  const savedMode = configuration.intercoms[n - 1]?.mode ?? 'audioRoom';
  const keys = intercomApplications(savedMode);
  const params = { id: unitId, n: String(n) as '1' | '2' };
  const session = useActivityRun(
    transitions,
    n === 1 ? 'intercom1' : 'intercom2',
    keys,
    (direction) => callEndpoint(direction === 'start' ? 'startIntercomSession' : 'stopIntercomSession', { params }),
    (direction) => t(`unitDetail.intercom.${direction}Failed`),
  );
  const state = session.state;
  const phase = intercomPhase(savedMode, state);
  const channelName = useChannelNames();
  const saved = configuration.intercoms[n - 1];
  const roomName = useAudioRoomName(inventoryIds, canListRooms);
  const target = savedMode === 'audioRoom' ? roomName(saved?.audioRoomId ?? '') : channelName(saved?.targetChannelId ?? '');

  const testId = `unit-detail-intercom-${n}`;
  const destination = (
    <TextInput
      size="xs"
      label={t('unitDetail.intercom.destination')}
      value={form.values.destinationAccount}
      onChange={(e) => form.set({ destinationAccount: e.currentTarget.value })}
      readOnly={!canSave}
      error={error('destinationAccount')}
      data-testid={`${testId}-destination`}
    />
  );
  return (
    <Section title={t('unitDetail.intercom.title', { n })} testId={testId}>
      <ActivityControls
        testId={`${testId}-session`}
        state={state}
        canControl={canControl}
        startLabel={t('unitDetail.intercom.start')}
        stopLabel={t('unitDetail.intercom.stop')}
        stateLabels={{
          running: t(`unitDetail.intercom.phases.${phase === 'bridging' ? 'bridging' : 'collecting'}`),
          disconnecting: t('unitDetail.intercom.phases.stopping'),
        }}
        onStart={() => session.run('start')}
        onStop={() => session.run('stop')}
      />
      {(phase === 'bridging' || phase === 'collecting') && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-phase`} data-phase={phase}>
          {t(`unitDetail.intercom.phaseDetail.${phase}`, { target })}
        </Text>
      )}
      <ApiErrorAlert error={session.error} testId={`${testId}-session-error`} />
      <SegmentedControl
        size="xs"
        w="fit-content"
        data={INTERCOM_MODES.map((value) => ({ value, label: t(`unitDetail.intercom.modes.${value}`) }))}
        value={mode}
        onChange={(value) => form.set({ mode: value === 'targetChannel' ? 'targetChannel' : 'audioRoom' })}
        disabled={!canSave}
        data-testid={`${testId}-mode`}
      />
      <Stack gap="xs">
        {mode === 'audioRoom' ? (
          <AudioRoomPicker
            size="xs"
            label={t('unitDetail.intercom.audioRoom')}
            value={form.values.audioRoomId}
            onChange={(audioRoomId) => form.set({ audioRoomId })}
            inventoryIds={inventoryIds}
            canList={canListRooms}
            readOnly={!canSave}
            error={error('audioRoomId')}
            data-testid={`${testId}-room`}
          />
        ) : (
          // The target's status does not block it: the intercom talks to whoever is on that channel when it starts.
          <ChannelPicker
            size="xs"
            label={t('unitDetail.intercom.targetChannel')}
            placeholder={t('channels.picker.placeholder')}
            value={form.values.targetChannelId}
            onChange={(channelId) => form.set({ targetChannelId: channelId ?? '' })}
            forUnit={unitId}
            anyStatus
            readOnly={!canSave}
            error={error('targetChannelId')}
            data-testid={`${testId}-channel`}
          />
        )}
        {destination}
      </Stack>
      <SaveButton show={canSave} onClick={form.apply} loading={form.pending} testId={`${testId}-save`} label={t('unitDetail.intercom.save')} />
      <ApiErrorAlert error={form.error} title={t('unitDetail.intercom.saveFailed', { n })} testId={`${testId}-save-error`} />
    </Section>
  );
}

/** The SIP account the unit's intercoms talk over (spec 000 §3 sipAccount; §7 v2/units/{id}/sipAccount), or that it has none. */
function SipAccountSection({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const read = useEndpointQuery('getUnitSipAccount', { params: { id: unitId } }, { retry: false });
  const account = read.data?.sipAccount;
  return (
    <Section title={t('unitDetail.intercom.sip.title')} testId="unit-detail-sip">
      {read.isPending && <Loader size="xs" aria-label={t('common.loading')} />}
      {read.isError && (
        <Text size="sm" c="red" data-testid="unit-detail-sip-error">
          {errorMessage(read.error)}
        </Text>
      )}
      {account === null && <MutedText testId="unit-detail-sip-none">{t('unitDetail.intercom.sip.none')}</MutedText>}
      {account !== undefined && account !== null && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="unit-detail-sip-account" data-enabled={account.enabled}>
          <LabelledValue label={t('unitDetail.intercom.sip.username')} testId="unit-detail-sip-username">
            {account.username}
          </LabelledValue>
          <LabelledValue label={t('unitDetail.intercom.sip.server')} testId="unit-detail-sip-server">
            {account.server}
          </LabelledValue>
          <LabelledValue label={t('unitDetail.intercom.sip.displayName')} testId="unit-detail-sip-display-name">
            {account.displayName === '' ? t('common.none') : account.displayName}
          </LabelledValue>
          <LabelledValue label={t('unitDetail.intercom.sip.state')}>
            <Badge size="sm" variant="light" color={account.enabled ? 'green' : 'gray'} w="fit-content" data-testid="unit-detail-sip-state">
              {account.enabled ? t('unitDetail.intercom.sip.enabled') : t('unitDetail.intercom.sip.disabled')}
            </Badge>
          </LabelledValue>
        </SimpleGrid>
      )}
    </Section>
  );
}
