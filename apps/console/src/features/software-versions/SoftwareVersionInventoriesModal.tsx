/**
 * Make a software version available to one of the user's inventories or withdraw it (PUT / DELETE
 * v2/softwareVersions/{id}/inventories/{inventoryId}), one switch per inventory; for the admin
 * roles on their own inventories (global users: any). A version for every inventory is shown as
 * such (there is nothing to assign; a global user sets its inventories in the edit form). A
 * refusal (its last inventory) shows in the dialog.
 */
import { useState } from 'react';
import { Alert, Stack, Switch } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SoftwareVersion } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { ErrorNote } from '../../kit/DialogParts';
import { useInventoryOptions } from './useInventoryOptions';
import { CloseFooter } from '../../kit/ModalParts';
import { MutedText } from '../../kit/MutedText';

export default function SoftwareVersionInventoriesModal({ version, onClose }: { readonly version: SoftwareVersion; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { options } = useInventoryOptions();
  const [current, setCurrent] = useState<SoftwareVersion>(version);
  const onSuccess = (saved: SoftwareVersion) => {
    setCurrent(saved);
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSoftwareVersions') });
  };
  const assign = useEndpointMutation('assignSoftwareVersionInventory', { onSuccess });
  const withdraw = useEndpointMutation('withdrawSoftwareVersionInventory', { onSuccess });
  const failure = assign.error ?? withdraw.error;
  const pendingId = assign.isPending ? assign.variables?.params?.inventoryId : withdraw.isPending ? withdraw.variables?.params?.inventoryId : undefined;

  const toggle = (inventoryId: string, on: boolean) => {
    assign.reset();
    withdraw.reset();
    (on ? assign : withdraw).mutate({ params: { id: current.id, inventoryId } });
  };

  return (
    <Modal opened onClose={onClose} title={t('softwareVersions.assign.title', { number: version.number })} data-testid="sw-version-inventories-modal">
      <Stack gap="sm">
        {current.global ? (
          <Alert color="gray" data-testid="sw-version-inventories-global">
            {t('softwareVersions.assign.global')}
          </Alert>
        ) : (
          <MutedText>{t('softwareVersions.assign.hint')}</MutedText>
        )}
        {options.map((inv) => {
          const on = current.global || current.inventories.some((i) => i.id === inv.id);
          return (
            <Switch
              key={inv.id}
              label={inv.name}
              checked={on}
              disabled={current.global || pendingId !== undefined}
              onChange={(e) => toggle(inv.id, e.currentTarget.checked)}
              data-testid={`sw-version-inventory-${inv.id}`}
            />
          );
        })}
        <ErrorNote testId="sw-version-inventories-error" error={failure} />
        <CloseFooter testId="sw-version-inventories-close" onClose={onClose} label={t('softwareVersions.actions.close')} />
      </Stack>
    </Modal>
  );
}
