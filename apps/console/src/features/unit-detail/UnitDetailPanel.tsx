/**
 * The unit detail panel of spec 000 §2, shown in /list for the selected unit: the header (name,
 * type, the buttons; status, channel, delay, total bitrate, battery), the live picture (the bitrate
 * graph over a chosen range, one row per link), the unit's other facts, the tabs Camera, Multi Camera, Intercom,
 * Databridge, Video Return, Xtend mode, and the buttons that open the unit configuration and the
 * unit dialogs. The tab, the open configuration modal and the open dialog live in the URL
 * (`tab`, `config`, `dialog`: see detailParams.ts); the other params are left alone.
 */
import { memo, Suspense, useCallback, useMemo, useState } from 'react';
import { lazy } from '../../lib/lazy';
import type { ComponentType } from 'react';
import { Alert, Box, Button, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../api/errorMessage';
import { channelDisplay } from '../../kit/unit/channelSelection';
import { CameraTab } from './CameraTab';
import type { LocalExternal } from './CameraTab';
import { DatabridgeTab } from './DatabridgeTab';
import { DetailFacts, DetailHeader } from './DetailHeader';
import { DEFAULT_CONFIG_TAB, DETAIL_DIALOGS, DETAIL_TABS, readConfig, readTab, withParam } from './detailParams';
import type { DetailParam, DetailTab } from './detailParams';
import { IntercomTab } from './IntercomTab';
import { LivePicture } from './LivePicture';
import { MultiCameraTab } from './MultiCameraTab';
import { canOpenDialog, useCanCall } from './permissions';
import { useActivityTransitions } from './useActivityTransitions';
import type { DetailTabProps } from './tabProps';
import { UnitDialogOutlet } from './UnitDialogOutlet';
import { useUnitDetailData } from './useUnitDetailData';
import { VideoReturnTab } from './VideoReturnTab';
import { XtendTab } from './XtendTab';
import { useUserRoles } from '../../kit/access';
import { MutedText } from '../../kit/MutedText';
import { RegionBoundary } from '../../components/RegionBoundary';

/** Props of the unit detail panel (tabs of spec 000 §2) the unit list shows for the selected unit. */
export interface UnitDetailPanelProps {
  readonly unitId: string;
  /** Closes the panel (the list clears its selection). */
  readonly onClose: () => void;
}

const UnitConfigModal = lazy(() => import('../unit-config/UnitConfigModal'));

/** The tabs after Camera, each given the same props. */
const OTHER_TABS: Record<Exclude<DetailTab, 'camera'>, ComponentType<DetailTabProps>> = {
  multiCamera: MultiCameraTab,
  intercom: IntercomTab,
  databridge: DatabridgeTab,
  videoReturn: VideoReturnTab,
  xtend: XtendTab,
};

/**
 * One panel per unit: switching to another unit starts from a clean state (transitions, graph, forms).
 * Memoised: the unit list around it renders again on every live update of any unit, the panel only
 * on its own unit's.
 */
export default memo(function UnitDetailPanel(props: UnitDetailPanelProps) {
  // A region of its own beside the list (another unit draws it anew); its parts and tabs are regions too.
  return (
    <RegionBoundary kind="panel" resetKeys={[props.unitId]}>
      <UnitDetailPanelContent key={props.unitId} {...props} />
    </RegionBoundary>
  );
});

function UnitDetailPanelContent({ unitId, onClose }: UnitDetailPanelProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const config = readConfig(params);
  const setParam = useCallback((name: DetailParam, value: string | null) => setParams((prev) => withParam(prev, name, value)), [setParams]);

  const data = useUnitDetailData(unitId);
  const unit = data.unit.data;
  const transitions = useActivityTransitions(unitId, unit);
  const canCall = useCanCall();
  const roles = useUserRoles();
  const dialogs = useMemo(() => DETAIL_DIALOGS.filter((name) => canOpenDialog(roles, name)), [roles]);
  // The last channel switch in this console that ended External (spec 000 §4), per unit.
  const [external, setExternal] = useState<{ unitId: string; value: LocalExternal } | null>(null);
  const localExternal = external !== null && external.unitId === unitId ? external.value : null;
  const onExternal = useCallback((value: LocalExternal | null) => setExternal(value === null ? null : { unitId, value }), [unitId]);

  let body: React.ReactNode;
  if (data.unit.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('unitDetail.loading')} data-testid="unit-detail-loading" />
      </Center>
    );
  } else if (data.unit.isError || unit === undefined) {
    body = (
      <Alert color="red" title={t('unitDetail.loadFailed')} data-testid="unit-detail-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(data.unit.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void data.unit.refetch()}>
            {t('unitDetail.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const shared = { unit, transitions, canCall, configuration: data.configuration, capabilities: data.capabilities };
    body = (
      <Stack gap="sm">
        <RegionBoundary kind="panel">
          <DetailHeader
            unit={unit}
            channel={channelDisplay(unit.selectedChannel, localExternal)}
            delay={data.configuration ?? null}
            dialogs={dialogs}
            onConfigure={() => setParam('config', DEFAULT_CONFIG_TAB)}
            onDialog={(name) => setParam('dialog', name)}
            onClose={onClose}
          />
        </RegionBoundary>
        {data.capabilitiesQuery.isError && (
          <Alert color="yellow" variant="light" data-testid="unit-detail-capabilities-error">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('unitDetail.capabilities.failed')}</Text>
              {data.capabilitiesRetry != null && (
                <MutedText size="xs" testId="unit-detail-capabilities-retrying">
                  {t('unitDetail.capabilities.retrying', data.capabilitiesRetry)}
                </MutedText>
              )}
              <Button size="xs" variant="subtle" onClick={() => void data.capabilitiesQuery.refetch()} data-testid="unit-detail-capabilities-retry">
                {t('unitDetail.capabilities.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        <RegionBoundary kind="panel">
          <LivePicture unit={unit} reportedModems={data.reportedModems} />
        </RegionBoundary>
        <RegionBoundary kind="panel">
          <DetailFacts unit={unit} />
        </RegionBoundary>
        <Tabs value={tab} onChange={(value) => setParam('tab', value)} keepMounted={false}>
          <Tabs.List>
            {DETAIL_TABS.map((name) => (
              <Tabs.Tab key={name} value={name} data-testid={`unit-detail-tab-${name}`}>
                {t(`unitDetail.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="camera" pt="sm">
            <RegionBoundary kind="tab">
              <CameraTab
                unit={unit}
                capabilities={data.capabilities}
                storages={data.storages}
                transitions={transitions}
                canCall={canCall}
                onExternal={onExternal}
              />
            </RegionBoundary>
          </Tabs.Panel>
          {Object.entries(OTHER_TABS).map(([name, Tab]) => (
            <Tabs.Panel key={name} value={name} pt="sm">
              <RegionBoundary kind="tab">
                <Tab {...shared} />
              </RegionBoundary>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    );
  }

  return (
    <Box data-testid="unit-detail" data-unit-id={unitId} data-tab={tab satisfies DetailTab}>
      {body}
      {config !== null && (
        <Suspense fallback={null}>
          <UnitConfigModal unitId={unitId} opened initialTab={config} onClose={() => setParam('config', null)} />
        </Suspense>
      )}
      <RegionBoundary kind="dialog">
        <UnitDialogOutlet unitId={unitId} />
      </RegionBoundary>
    </Box>
  );
}
