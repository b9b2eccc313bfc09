/** Delete a composition by its Singular app (DELETE inventory/{id}/app/{appId}) after a confirmation. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GraphicsComposition } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';

interface DeleteCompositionModalProps {
  readonly composition: GraphicsComposition;
  readonly onDeleted: () => void;
  readonly onClose: () => void;
}

export default function DeleteCompositionModal({ composition, onDeleted, onClose }: DeleteCompositionModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const remove = useEndpointMutation('deleteGraphicsApp');
  const onConfirm = () =>
    remove.mutate(
      { params: { id: composition.inventoryId, appId: composition.appId ?? '' } },
      {
        onSuccess: () => {
          toast.show({ message: t('graphics.toasts.deleted', { name: composition.name }), variant: 'success' });
          onDeleted();
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('graphics.delete.title')} data-testid="graphics-delete-modal">
      <Stack gap="sm">
        <Text>{t('graphics.delete.question', { name: composition.name })}</Text>
        {remove.error && <ErrorNote testId="graphics-delete-error" message={errorText(remove.error)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="graphics-delete-cancel">
            {t('graphics.actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={remove.isPending} data-testid="graphics-delete-confirm">
            {t('graphics.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
