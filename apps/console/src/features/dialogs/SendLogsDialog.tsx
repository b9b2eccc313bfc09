/**
 * Send-logs dialog (spec 000 §2, §5, §8): opens a support case by sending the unit's logs through
 * a channel chosen in the dialog (default: the unit's selected channel; the channel picker refuses
 * busy and offline ones, which the core refuses too) (POST v2/units/{id}/fetchlogs/stream),
 * optionally collecting enhanced logs first
 * (PUT v2/units/{id}/fetchlogs/enhanced). The description is required ("This field is required"),
 * checked inline with the call's own schema; the unit must be online and idle and the user must
 * have an e-mail address (000 §5); the core's refusals ("Server is busy sending logs of another
 * channel", "Channel does not support logs sending", "Selected channel busy or offline when sending
 * logs", ...) are shown with their catalogue text. The unit's status (Sending logs) follows on /ws.
 * While the unit sends logs (its `fetchlogs` activity, live through unit.status) users whose roles
 * may make the call get a Stop button (DELETE v2/units/{id}/fetchlogs/stream).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { SEND_LOGS_DESCRIPTION_MAX, StartFetchLogsBody, VALIDATION } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ChannelPicker } from '../channels/ChannelPicker';
import { DialogFooter, ErrorNote, unitDialog, UnitHeading, useCanUseCall, type UnitDialogProps } from '../../kit/DialogParts';
import { defaultTimeZone, logSendingState, sendLogsBlocker, timeZoneList } from './rules';
import { apiFieldErrors, parseBody, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldText } from '../../lib/forms/useFieldText';
import { MutedText } from '../../kit/MutedText';
import { UnshownErrors } from '../../kit/UnshownErrors';

/** The fields the dialog shows (a refusal of any other shows at the form level). */
const SHOWN_FIELDS = ['description', 'timeZone', 'channelId'] as const;

function ownTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function SendLogsBody({ unitId, onClose }: Omit<UnitDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const canAct = useCanUseCall('startFetchLogs');
  const canStop = useCanUseCall('stopFetchLogs');
  const unit = useEndpointQuery('getUnit', { params: { id: unitId } });
  const contact = useEndpointQuery('getUserContact', {});
  const zones = useMemo(() => timeZoneList(), []);
  const [description, setDescription] = useState('');
  const [timeZone, setTimeZone] = useState(() => defaultTimeZone(zones, ownTimeZone()));
  const [enhanced, setEnhanced] = useState(false);
  // The channel the user picked; until then the unit's selected one.
  const [picked, setPicked] = useState<{ readonly channelId: string | null } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const enhance = useEndpointMutation('updateUnitFetchlogsEnhanced');
  const send = useEndpointMutation('startFetchLogs');
  const stop = useEndpointMutation('stopFetchLogs');

  const detail = unit.data;
  const blocker = detail ? sendLogsBlocker(detail, contact.data) : null;
  const sending = detail ? logSendingState(detail) : null;
  const failure = send.error ?? enhance.error;
  const channelId = picked === null ? (detail?.selectedChannel.channelId ?? null) : picked.channelId;

  const onSend = async () => {
    const parsed = parseBody(StartFetchLogsBody, { description, timeZone, ...(channelId === null ? {} : { channelId }) });
    const noChannel: FieldErrors = channelId === null ? { channelId: VALIDATION.required } : {};
    setErrors({ ...noChannel, ...(parsed.errors ?? {}) });
    if (parsed.data == null || channelId === null || !detail) return;
    const body = parsed.data;
    send.reset();
    enhance.reset();
    try {
      if (enhanced) await enhance.mutateAsync({ params: { id: unitId }, body: { enabled: true } });
      await send.mutateAsync({ params: { id: unitId }, body });
    } catch (e) {
      setErrors(apiFieldErrors(e));
    }
  };

  const email = contact.data?.email ?? null;
  const sent = send.data;

  return (
    <Stack data-testid="dialog-sendLogs" gap="sm">
      {unit.isPending && <Loader size="sm" />}
      {unit.isError && <ErrorNote testId="send-logs-load-error" message={t('dialogs.common.loadFailed')} />}
      {detail && (
        <>
          <UnitHeading name={detail.name} />
          <Text size="sm">{t('dialogs.sendLogs.intro')}</Text>
          {email !== null && <MutedText testId="send-logs-contact">{t('dialogs.sendLogs.contact', { email })}</MutedText>}
          {sending !== null && (
            <Alert color="blue" data-testid="send-logs-active" data-state={sending}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Loader size="xs" />
                  <Text size="sm">{sending === 'stopping' ? t('dialogs.sendLogs.stopping') : t('dialogs.sendLogs.sending')}</Text>
                </Group>
                {canStop && (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => stop.mutate({ params: { id: unitId } })}
                    loading={stop.isPending}
                    disabled={sending === 'stopping'}
                    data-testid="send-logs-stop"
                  >
                    {t('dialogs.sendLogs.stop')}
                  </Button>
                )}
              </Group>
            </Alert>
          )}
          <ErrorNote testId="send-logs-stop-error" error={stop.error} />
          {blocker !== null && !sent && <ErrorNote testId="send-logs-blocker" message={t(`apiErrors.${blocker}`)} />}
          <Textarea
            label={t('dialogs.sendLogs.description')}
            placeholder={t('dialogs.sendLogs.descriptionPlaceholder')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={SEND_LOGS_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fieldText(errors.description)}
            readOnly={!canAct}
            data-testid="send-logs-description"
          />
          <ChannelPicker
            label={t('dialogs.sendLogs.channel')}
            description={t('dialogs.sendLogs.channelHint')}
            placeholder={t('channels.picker.placeholder')}
            withAsterisk
            value={channelId}
            onChange={(next) => {
              setPicked({ channelId: next });
              setErrors(({ channelId: _dropped, ...rest }) => rest);
            }}
            forUnit={unitId}
            unitInventories={detail.inventoryIds}
            error={fieldText(errors.channelId)}
            readOnly={!canAct}
            data-testid="send-logs-channel"
          />
          <Select
            label={t('dialogs.sendLogs.timeZone')}
            data={zones}
            value={timeZone}
            onChange={(v) => v !== null && setTimeZone(v)}
            searchable
            allowDeselect={false}
            error={fieldText(errors.timeZone)}
            readOnly={!canAct}
            data-testid="send-logs-time-zone"
          />
          <Checkbox
            label={t('dialogs.sendLogs.enhanced')}
            checked={enhanced}
            onChange={(e) => setEnhanced(e.currentTarget.checked)}
            disabled={!canAct}
            data-testid="send-logs-enhanced"
          />
          <UnshownErrors errors={errors} shown={SHOWN_FIELDS} testId="send-logs-unshown-errors" />
          {failure && Object.keys(apiFieldErrors(failure)).length === 0 && <ErrorNote testId="send-logs-error" error={failure} />}
          {sent && (
            <Alert color="green" data-testid="send-logs-sent">
              {t('dialogs.sendLogs.sent', { id: sent.supportCaseId })}
            </Alert>
          )}
          <DialogFooter testId="send-logs" onClose={onClose} canAct={canAct}>
            {!sent && (
              <Button onClick={() => void onSend()} loading={send.isPending || enhance.isPending} disabled={blocker !== null} data-testid="send-logs-send">
                {t('dialogs.sendLogs.send')}
              </Button>
            )}
          </DialogFooter>
        </>
      )}
    </Stack>
  );
}

export default unitDialog('dialogs.sendLogs.title', SendLogsBody);
