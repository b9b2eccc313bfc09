/**
 * The channel's logs in the manage-channel modal's General tab (spec 001 §7 POST and DELETE
 * channels/{id}/fetchlogs): send them (only an idle channel: spec 000 §8 "Selected channel busy or
 * offline when sending logs"; one channel per server at a time), follow the sending live — the
 * server ends it by itself, and the channel.changed of that end makes the modal read the channel's
 * details again — and stop it. Users who may not use the calls see the state with no buttons.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { NotAvailable, useCanApply, useChannelModal } from './parts';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText } from '../../kit/MutedText';
import { dateText } from '../../lib/dateFormat';

export function ChannelLogsSection() {
  const { t, i18n } = useTranslation();
  const { details } = useChannelModal();
  const { channelId, channelName, status } = details.channel;
  const { sending, startedAt } = details.logs;
  const canStart = useCanApply('startChannelLogs');
  const canStop = useCanApply('stopChannelLogs');
  const toast = useToast();
  const queryClient = useQueryClient();
  const reread = () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchChannelDetails') });
  const start = useEndpointMutation('startChannelLogs', {
    onSuccess: () => {
      toast.show({ message: t('channels.logs.started', { name: channelName }), variant: 'success' });
      reread();
    },
  });
  const stop = useEndpointMutation('stopChannelLogs', {
    onSuccess: () => {
      toast.show({ message: t('channels.logs.stopped', { name: channelName }), variant: 'info' });
      reread();
    },
  });
  const failure = start.error ?? stop.error;
  // Sending: it may be stopped; else started (the other call's failure is then cleared).
  const [asked, other] = sending ? [stop, start] : [start, stop];
  const params = { params: { id: channelId } };
  const since = startedAt === null ? '' : dateText(startedAt, (d) => d.toLocaleTimeString(i18n.language));

  return (
    <Paper withBorder p="md" data-testid="channel-logs" data-sending={sending ? 'true' : 'false'}>
      <Stack gap="sm">
        <Title order={5}>{t('channels.logs.title')}</Title>
        <Text size="sm" data-testid="channel-logs-state">
          {sending ? t('channels.logs.sending', { since }) : t('channels.logs.notSending')}
        </Text>
        {!sending && status !== 'idle' && (
          <MutedText size="xs" testId="channel-logs-hint">
            {t('channels.logs.idleOnly')}
          </MutedText>
        )}
        {failure !== null && <ErrorAlert error={failure} testId="channel-logs-error" />}
        <Group justify="flex-end">
          {(sending ? canStop : canStart) ? (
            <Button
              variant={sending ? 'default' : undefined}
              loading={asked.isPending}
              onClick={() => {
                other.reset();
                asked.mutate(params);
              }}
              data-testid={sending ? 'channel-logs-stop' : 'channel-logs-start'}
            >
              {sending ? t('channels.logs.stop') : t('channels.logs.start')}
            </Button>
          ) : (
            <NotAvailable testId="channel-logs-unavailable" />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
