/**
 * The console's one delete confirmation: the question, the refusal of the last try (in the user's
 * language), Cancel and Delete (the shared `common.cancel` / `common.delete` texts unless a screen
 * names its own). Spread `useConfirmedDelete(...).modalProps` into it for pending, error and the two
 * handlers. Test ids: `<testIdPrefix>-modal`, `-question`, `-error`, `-cancel`, `-confirm`.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from './Overlays';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../api/errorMessage';

export interface ConfirmDeleteModalProps {
  readonly title: string;
  readonly question: string;
  readonly cancelLabel?: string;
  readonly deleteLabel?: string;
  readonly pending: boolean;
  readonly error: unknown;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
  readonly testIdPrefix: string;
}

export function ConfirmDeleteModal({ title, question, cancelLabel, deleteLabel, pending, error, onConfirm, onClose, testIdPrefix }: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  return (
    <Modal opened onClose={onClose} title={title} data-testid={`${testIdPrefix}-modal`}>
      <Stack gap="sm">
        <Text data-testid={`${testIdPrefix}-question`}>{question}</Text>
        {error !== null && error !== undefined && (
          <Alert color="red" role="alert" data-testid={`${testIdPrefix}-error`}>
            {errorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid={`${testIdPrefix}-cancel`}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-testid={`${testIdPrefix}-confirm`}>
            {deleteLabel ?? t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
