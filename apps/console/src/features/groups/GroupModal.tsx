/**
 * A group's modal (spec 001 §2 "Groups: general and alerts tabs"; §3 Group "default configuration,
 * invitation"): general, alerts, default configuration and the "Add LU-Smart/Lite" invitations
 * (ad-hoc, permanent, settings, guest interview invite, unit expiration). The tab is in the address
 * (`&tab=`) so a link opens it. The group is read through GET groups/fetch_details and kept
 * current by useGroupsLive (a newer version saved elsewhere is read again). The general tab opens
 * with the group's channel status (GroupChannelStatus).
 */
import { Suspense } from 'react';
import { lazy } from '../../lib/lazy';
import { Loader, Tabs } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { useSearchParam } from '../../routing/useSearchParam';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { GeneralTab } from './GeneralTab';
import { GroupChannelStatus } from './GroupChannelStatus';
import { GROUP_TABS, TAB_PARAM, tabOf } from './modalTabs';
import { RegionBoundary } from '../../components/RegionBoundary';

const AlertsTab = lazy(() => import('./AlertsTab'));
const DefaultConfigurationTab = lazy(() => import('./DefaultConfigurationTab'));
const InvitationsTab = lazy(() => import('./invitations/InvitationsTab'));

export default function GroupModal({ groupId, onClose }: { readonly groupId: string; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const [requested, setTab] = useSearchParam(TAB_PARAM, { replace: true });
  const tab = tabOf(requested);
  const details = useEndpointQuery('fetchGroupDetails', { query: { groupUid: groupId } });
  const group = details.data?.[0];

  return (
    <Modal opened onClose={onClose} size="xl" title={group ? t('groups.modal.title', { name: group.name }) : t('groups.modal.loading')}>
      <div data-testid="group-modal" data-group={groupId}>
        <QueryView query={details} testIdPrefix="group-modal" errorTitle={t('groups.modal.loadFailed')}>
          {(list) => {
            const detail = list[0];
            if (detail === undefined) return null;
            return (
              <Tabs value={tab} onChange={(value) => setTab(tabOf(value))} keepMounted={false}>
                <Tabs.List mb="sm">
                  {GROUP_TABS.map((name) => (
                    <Tabs.Tab key={name} value={name} data-testid={`group-tab-${name}`}>
                      {t(`groups.tabs.${name}`)}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
                  <Tabs.Panel value="general">
                    <RegionBoundary kind="tab">
                      <GroupChannelStatus groupId={detail.id} />
                      <GeneralTab key={detail.id} detail={detail} />
                    </RegionBoundary>
                  </Tabs.Panel>
                  <Tabs.Panel value="alerts">
                    <RegionBoundary kind="tab">
                      <AlertsTab groupId={detail.id} inventoryId={detail.inventoryId} />
                    </RegionBoundary>
                  </Tabs.Panel>
                  <Tabs.Panel value="defaultConfiguration">
                    <RegionBoundary kind="tab">
                      <DefaultConfigurationTab groupId={detail.id} />
                    </RegionBoundary>
                  </Tabs.Panel>
                  <Tabs.Panel value="invitations">
                    <RegionBoundary kind="tab">
                      <InvitationsTab group={detail} />
                    </RegionBoundary>
                  </Tabs.Panel>
                </Suspense>
              </Tabs>
            );
          }}
        </QueryView>
      </div>
    </Modal>
  );
}
