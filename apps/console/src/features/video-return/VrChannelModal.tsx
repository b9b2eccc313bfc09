/**
 * A video return channel's modal (spec 001 §2 "video return (configuration, feed sharing)"),
 * opened from a /video_return row (`?vr=<uniqueId>&tab=configuration|sharing`). The values are the
 * row's, which follows the channel over /ws. Users who may not change it (read-only) see the values
 * with no Apply button (spec 001 §6, tooltip "Not available for your user type").
 */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON_ROLES, hasAnyRole } from '@fleet/contracts';
import type { VrChannelDetail } from '@fleet/contracts';
import { TabbedModal } from '../../kit/TabbedModal';
import { useSearchParam } from '../../routing/useSearchParam';
import { useUserRoles } from '../../kit/access';
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
  const roles = useUserRoles();

  return (
    <TabbedModal
      testId="vr-modal"
      tabTestId="vr"
      title={t('videoReturn.modal.title', { name: channel?.name ?? uniqueId })}
      onClose={onClose}
      readOnly={!hasAnyRole(roles, APPLY_BUTTON_ROLES)}
      readOnlyText={t('videoReturn.modal.readOnly')}
      tabs={VR_TABS}
      tab={isVrTab(requested) ? requested : 'configuration'}
      onTab={setTab}
      tabLabel={(id) => t(`videoReturn.modal.tabs.${id}`)}
      render={(tab) =>
        channel && (tab === 'configuration' ? <VrConfigurationTab channel={channel} roles={roles} /> : <VrSharingTab channel={channel} roles={roles} />)
      }
      loading={channel === null && loading}
      instead={
        channel === null && (
          <Alert color="gray" data-testid="vr-modal-not-found">
            {t('videoReturn.modal.notFound')}
          </Alert>
        )
      }
      data={{ 'data-vr-id': uniqueId }}
    />
  );
}
