/**
 * The unit's actions in the detail header: a compact "Actions" menu whose entries show only when
 * the user's roles may make the call behind them (catalogue roles; write entries also need the
 * apply-button roles, so read-only users see no write entry). Rename / comment, the pairing code,
 * services, the inventory details (support staff) and the group unit settings open a modal;
 * reboot, shut down and remove pairing ask for a confirmation naming the unit. The modals load on
 * first use.
 */
import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Button, Menu, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitDetail } from '@fleet/contracts';
import { actionBlocker, isConfirmedAction, visibleActions } from './actions';
import type { UnitAction } from './actions';
import { useUserRoles } from '../../kit/access';
import { MutedText } from '../../kit/MutedText';

const RenameModal = lazy(() => import('./RenameModal'));
const ConfirmActionModal = lazy(() => import('./ConfirmActionModal'));
const ServicesModal = lazy(() => import('./ServicesModal'));
const PairingCodeModal = lazy(() => import('./PairingCodeModal'));
const InventoryDetailsModal = lazy(() => import('./InventoryDetailsModal'));
const GroupUnitSettingsModal = lazy(() => import('./GroupUnitSettingsModal'));

export interface UnitActionsProps {
  readonly unit: UnitDetail;
}

export function UnitActions({ unit }: UnitActionsProps) {
  const { t } = useTranslation();
  const roles = useUserRoles();
  const [open, setOpen] = useState<UnitAction | null>(null);
  const actions = visibleActions(roles);
  if (actions.length === 0) return null;
  const close = () => setOpen(null);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" aria-label={t('unitActions.menu.title')} data-testid="unit-actions-menu">
            {t('unitActions.menu.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="unit-actions-dropdown">
          <Menu.Label>{t('unitActions.menu.title')}</Menu.Label>
          {actions.map((action) => {
            const blocker = actionBlocker(action, unit.status);
            return (
              <Menu.Item
                key={action}
                color={isConfirmedAction(action) ? 'red' : undefined}
                disabled={blocker !== null}
                onClick={() => setOpen(action)}
                data-testid={`unit-actions-${action}`}
                data-blocked={blocker ?? undefined}
              >
                <Stack gap={0}>
                  <span>{t(`unitActions.actions.${action}`)}</span>
                  {blocker !== null && <MutedText size="xs">{t('unitActions.menu.offline')}</MutedText>}
                </Stack>
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {open === 'rename' && <RenameModal unit={unit} opened onClose={close} />}
        {open === 'services' && <ServicesModal unit={unit} opened onClose={close} />}
        {open === 'pairingCode' && <PairingCodeModal unit={unit} opened onClose={close} />}
        {open === 'inventoryDetails' && <InventoryDetailsModal unit={unit} opened onClose={close} />}
        {open === 'groupUnitSettings' && <GroupUnitSettingsModal unit={unit} opened onClose={close} />}
        {open !== null && isConfirmedAction(open) && <ConfirmActionModal unit={unit} action={open} opened onClose={close} />}
      </Suspense>
    </>
  );
}
