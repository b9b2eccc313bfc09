/**
 * The one confirm helper of every stop-stream entry point (the unit list's Start/Stop column, the
 * unit detail's stream and multi-camera controls): before a stop, the unit is read afresh (GET
 * v2/units/{id}); on air (tally program) a dialog names the unit and the channel it feeds and asks,
 * any other stop goes at once. A unit that cannot be read is stopped as asked (the stop call then
 * answers for itself). Rules in stopOnAir.ts.
 */
import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UnitSummary } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { endpointKey } from '../../api/hooks';
import { isOnAir, streamChannelName } from './stopOnAir';
import type { StreamChannelName } from './stopOnAir';

type StopTarget = Pick<UnitSummary, 'uniqueId' | 'name'>;

interface Asking {
  readonly unitName: string;
  readonly channel: StreamChannelName | null;
  readonly stop: () => void;
}

export interface StopStreamConfirm {
  /** Stops through `stop`, asking first when the unit is on air. */
  readonly request: (unit: StopTarget, stop: () => void) => void;
  /** The dialog; render it once beside the controls that call `request`. */
  readonly dialog: ReactNode;
}

export function useStopStreamConfirm(): StopStreamConfirm {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);
  // A second click while the unit is read is the same request: one dialog, one stop.
  const reading = useRef(new Set<string>());

  const request = useCallback(
    (unit: StopTarget, stop: () => void) => {
      const id = unit.uniqueId;
      if (reading.current.has(id)) return;
      reading.current.add(id);
      void (async () => {
        try {
          const detail = await callEndpoint('getUnit', { params: { id } }).catch(() => null);
          if (detail === null || !isOnAir(detail.tally)) {
            stop();
            return;
          }
          const channels = await queryClient
            .ensureQueryData({ queryKey: endpointKey('fetchChannels', {}), queryFn: () => callEndpoint('fetchChannels', {}) })
            .then((answer) => answer.channels)
            .catch(() => []);
          setAsking({ unitName: detail.name || unit.name, channel: streamChannelName(detail, channels), stop });
        } finally {
          reading.current.delete(id);
        }
      })();
    },
    [queryClient],
  );

  const close = () => setAsking(null);
  const confirm = () => {
    asking?.stop();
    setAsking(null);
  };
  const channelText =
    asking?.channel == null
      ? null
      : asking.channel.hub == null
        ? asking.channel.name
        : t('unitActions.stopOnAir.channelWithHub', { channel: asking.channel.name, hub: asking.channel.hub });

  // Mounted only while asking: every stream control renders this, and a closed modal still costs a render.
  const dialog = asking !== null && (
    <Modal opened onClose={close} title={t('unitActions.stopOnAir.title')} size="md" data-testid="stop-on-air-confirm">
      <Stack gap="sm">
        <Text size="sm" data-testid="stop-on-air-text">
          {channelText === null
            ? t('unitActions.stopOnAir.bodyNoChannel', { unit: asking.unitName })
            : t('unitActions.stopOnAir.body', { unit: asking.unitName, channel: channelText })}
        </Text>
        <Group justify="flex-end">
          {/* The safe answer has the focus: Enter keeps the stream on air. */}
          <Button variant="default" onClick={close} data-autofocus data-testid="stop-on-air-cancel">
            {t('unitActions.stopOnAir.cancel')}
          </Button>
          <Button color="red" onClick={confirm} data-testid="stop-on-air-ok">
            {t('unitActions.stopOnAir.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { request, dialog };
}
