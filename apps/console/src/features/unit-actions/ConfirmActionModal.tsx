/**
 * Confirmation of the unit's destructive actions, naming the unit: reboot (POST
 * devices/{id}/commands/reboot), shut down (POST v2/units/{id}/shutdown), remove pairing (DELETE
 * v2/units/{id}/pairing). The result is a toast; a refusal shows inline with the catalogue's text;
 * the unit's status change (offline, back online) arrives live on /ws into the header and list.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useToastMutation } from '../../kit/useToastMutation';
import { ACTION_CALLS, actionBlocker } from './actions';
import type { ConfirmedAction } from './actions';
import { ErrorNote } from '../../kit/DialogParts';
import { unitActionModal, type UnitActionModalProps } from '../../kit/unitActionModal';

export interface ConfirmActionModalProps extends UnitActionModalProps {
  readonly action: ConfirmedAction;
}

function ConfirmBody({ unit, action, onClose }: Omit<ConfirmActionModalProps, 'opened'>) {
  const { t } = useTranslation();
  const name = unit.name;
  // A refusal shows inline (unit-confirm-error), not as a toast.
  const call = useToastMutation(ACTION_CALLS[action], {
    success: () => t(`unitActions.confirm.${action}.done`, { name }),
    onSuccess: onClose,
    onError: () => {},
  });
  const blocker = actionBlocker(action, unit.status);

  return (
    <Stack gap="sm" data-testid={`unit-confirm-${action}`} data-unit={unit.uniqueId}>
      <Text size="sm" data-testid="unit-confirm-text">
        {t(`unitActions.confirm.${action}.body`, { name })}
      </Text>
      {blocker !== null && call.error == null && <ErrorNote testId="unit-confirm-blocker" message={t('unitActions.menu.offline')} />}
      <ErrorNote testId="unit-confirm-error" error={call.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="unit-confirm-cancel">
          {t('unitActions.common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => call.mutate({ params: { id: unit.uniqueId } })}
          loading={call.isPending}
          disabled={blocker !== null}
          data-testid="unit-confirm-ok"
        >
          {t(`unitActions.confirm.${action}.confirm`)}
        </Button>
      </Group>
    </Stack>
  );
}

export default unitActionModal<ConfirmActionModalProps>((t, { action }) => t(`unitActions.confirm.${action}.title`), ConfirmBody, { size: 'md' });
