/** Small pieces the unit dialogs share: the modal, the unit heading, the role check and the buttons. */
import type { ComponentType, ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../api/errorMessage';
import type { TextKey } from './formRules';
import { unitActionModal } from './unitActionModal';
import { MutedText } from './MutedText';

/** What every unit dialog (speed test, upload progress, send logs, AI session, guest invite) takes. */
export interface UnitDialogProps {
  readonly unitId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** Whether the signed-in user gets the action of a dialog making this call (the kit's rule for a write from a modal). */
export { useCanApply as useCanUseCall } from './access';

export function UnitHeading({ name }: { readonly name: string }) {
  const { t } = useTranslation();
  return <MutedText testId="dialog-unit">{t('dialogs.common.unit', { name })}</MutedText>;
}

/** What a user without the action's role reads instead of the button. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" data-testid="dialog-read-only">
      {t('permissions.notAvailableForUserType')}
    </Alert>
  );
}

/**
 * A failure shown inside a dialog or a unit action's modal: `message`, or a failed call's `error`
 * in its catalogue text (useApiErrorMessage); nothing with neither.
 */
export function ErrorNote({
  message,
  error,
  testId,
  title,
}: {
  readonly message?: string;
  readonly error?: unknown;
  readonly testId: string;
  readonly title?: string;
}) {
  const errorText = useApiErrorMessage();
  if (message === undefined && (error === null || error === undefined)) return null;
  return (
    <Alert color="red" data-testid={testId} role="alert" title={title}>
      {message ?? errorText(error)}
    </Alert>
  );
}

/** A unit dialog titled `title` (the unit actions' modal): its body mounts when opened, so each opening starts afresh. */
export function unitDialog<P extends UnitDialogProps>(title: TextKey, Body: ComponentType<Omit<P, 'opened'>>, size = 'md') {
  return unitActionModal<P>((t) => t(title), Body, { size });
}

/** The dialog's buttons: Close (`<testId>-close`), then the action's to a user who may act; the read-only note to one who may not. */
export function DialogFooter({ testId, onClose, canAct, children }: { testId: string; onClose: () => void; canAct: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {!canAct && <ReadOnlyNote />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid={`${testId}-close`}>
          {t('common.close')}
        </Button>
        {canAct && children}
      </Group>
    </>
  );
}
