/**
 * A video return channel's modal (spec 001 §2 "video return (configuration, feed sharing)"),
 * opened from a /video_return row (`?vr=<uniqueId>&tab=configuration|sharing`). The values are the
 * row's, which follows the channel over /ws. Users who may not change it (read-only) see the values
 * with no Apply button (spec 001 §6, tooltip "Not available for your user type").
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON_ROLES, hasAnyRole } from '@fleet/contracts';
import type { VrChannelDetail } from '@fleet/contracts';
import { useSearchParam } from '../../routing/useSearchParam';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { TAB_PARAM } from '../channels/modalTabs';
import { VrConfigurationTab } from './VrConfigurationTab';
import { VrSharingTab } from './VrSharingTab';

const VR_TABS = ['configuration', 'sharing'] as const;
type VrTab = (typeof VR_TABS)[number];

const isVrTab = (value: string | null): value is VrTab => (VR_TABS as readonly (string | null)[]).includes(value);

interface VrChannelModalProps {
  readonly uniqueId: string;
  /** The channel as listed; null when the list does not hold it. */
  readonly channel: VrChannelDetail | null;
  readonly loading: boolean;
  readonly onClose: () => void;
}

export default function VrChannelModal({ uniqueId, channel, loading, onClose }: VrChannelModalProps) {
  const { t } = useTranslation();
  const [requested, setTab] = useSearchParam(TAB_PARAM, { replace: true });
  const user = useSessionUser();
  const roles = useMemo(() => (user ? rolesOf(user) : []), [user]);
  const readOnly = !hasAnyRole(roles, APPLY_BUTTON_ROLES);
  const tab: VrTab = isVrTab(requested) ? requested : 'configuration';

  const selectTab = (next: string | null) => {
    if (next !== null) setTab(next);
  };

  let body: ReactNode;
  if (channel === null) {
    body = loading ? (
      <Group justify="center" p="xl" data-testid="vr-modal-loading">
        <Loader />
      </Group>
    ) : (
      <Alert color="gray" data-testid="vr-modal-not-found">
        {t('videoReturn.modal.notFound')}
      </Alert>
    );
  } else {
    body = (
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List>
          {VR_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`vr-tab-${id}`}>
              {t(`videoReturn.modal.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md" data-testid={`vr-panel-${tab}`}>
          {tab === 'configuration' ? <VrConfigurationTab channel={channel} roles={roles} /> : <VrSharingTab channel={channel} roles={roles} />}
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <Modal opened onClose={onClose} size="xl" title={t('videoReturn.modal.title', { name: channel?.name ?? uniqueId })}>
      <Stack gap="md" data-testid="vr-modal" data-vr-id={uniqueId} data-read-only={readOnly ? 'true' : 'false'}>
        {readOnly && (
          <Alert color="gray" data-testid="vr-modal-read-only">
            {t('videoReturn.modal.readOnly')}
          </Alert>
        )}
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="vr-modal-close">
            {t('videoReturn.modal.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
