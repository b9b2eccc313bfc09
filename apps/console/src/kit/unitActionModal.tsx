/** The modal the unit actions and the unit dialogs share. */
import type { ComponentType } from 'react';
import { Modal } from '../components/Overlays';

import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UnitDetail } from '@fleet/contracts';

export interface UnitActionModalProps {
  readonly unit: UnitDetail;
  readonly opened: boolean;
  readonly onClose: () => void;
}

/** A unit action's or unit dialog's modal, titled `title`: its body mounts when opened, so each opening reads the unit afresh. */
export function unitActionModal<P extends Pick<UnitActionModalProps, 'opened' | 'onClose'> = UnitActionModalProps>(
  title: (t: TFunction, props: P) => string,
  Body: ComponentType<Omit<P, 'opened'>>,
  modal: { readonly size?: string; readonly testId?: string } = {},
) {
  return function UnitActionModal(props: P) {
    const { t } = useTranslation();
    return (
      <Modal opened={props.opened} onClose={props.onClose} title={title(t, props)} size={modal.size} data-testid={modal.testId}>
        {props.opened && <Body {...props} />}
      </Modal>
    );
  };
}
