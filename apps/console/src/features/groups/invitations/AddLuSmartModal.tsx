/**
 * "Add LU-Smart/Lite" from a group (spec 001 §2 "add LU-Smart/Lite (ad-hoc, permanent, settings
 * tabs)"; §3 plan types; §9 "Ad-hoc periods 1 day, 3 days, 1 week, 1 month. Permanent key
 * regeneration never, daily, weekly, monthly"; §8 "code reset failed"):
 * - ad-hoc: the plan type units join under (or off), the period the code is valid and a joining
 *   unit stays, the current code, until when it is valid and its easy-live link (GET/PUT
 *   groups/{groupId}/adhoc; a new code is drawn when turned on or changed, or saved once expired);
 * - permanent: the plan type units join under (or off), the key and its easy-live link, how often
 *   it is regenerated, regenerate now (GET/PUT groups/{id}/permanent);
 * - settings: the unit settings joining units get (the group's default configuration).
 * A device joins with the code or key (POST groups/join): the link opens the easy-live page with it
 * filled in (JoinWithCode).
 */
import { Suspense, useState } from 'react';
import { lazy } from '../../../lib/lazy';
import { Button, Code, CopyButton, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { Select } from '../../../components/Pickers';
import { Modal } from '../../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ADHOC_PERIOD_MS, ADHOC_PERIODS, ADHOC_PLAN_TYPES, PERMANENT_KEY_REGENERATION, PERMANENT_PLAN_TYPES, PLAN_TYPES, joinPathOf } from '@fleet/contracts';
import type { AdhocSettings, PermanentSettings } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../../api/hooks';
import { QueryView } from '../../../components/QueryView';
import { groupVersionChanged } from '../useGroupsLive';
import { useCanCall } from '../../../kit/access';
import { useEdits } from '../../../kit/useEdits';
import { EditConflictNotice } from '../../../kit/EditConflictNotice';
import { consoleOrigin } from '../../../config/base';
import { absoluteJoinLink } from '../../dialogs/rules';
import { CloseFooter } from '../../../kit/ModalParts';
import { ErrorAlert } from '../../../kit/ErrorAlert';
import { MutedText, useToastMutation } from '../../../kit';
import { RegionBoundary } from '../../../components/RegionBoundary';
import { dateText } from '../../../lib/dateFormat';

const DefaultConfigurationTab = lazy(() => import('../DefaultConfigurationTab'));

const OFF = 'off';
const TABS = ['adhoc', 'permanent', 'settings'] as const;

/** Off, then the plan types units may join under. */
function planOptions(t: TFunction, types: readonly (typeof PLAN_TYPES)[number][]) {
  return [{ value: OFF, label: t('groups.invitations.off') }, ...types.map((p) => ({ value: p, label: t(`groups.invitations.planTypes.${p}`) }))];
}

/** A save bumped the group's version: the other reads carrying it (and the group) are read again. */
function refreshAfterSave(queryClient: QueryClient, groupId: string): void {
  void queryClient.invalidateQueries({ queryKey: endpointKey('fetchGroupDetails', { query: { groupUid: groupId } }), exact: true });
  groupVersionChanged(queryClient, groupId);
}

function KeyLine({ label, value, testId }: { readonly label: string; readonly value: string | null; readonly testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value ?? t('common.none')}
      </Code>
      {value !== null && (
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} data-testid={`${testId}-copy`} style={{ flexShrink: 0 }}>
              {copied ? t('groups.invitations.copied') : t('groups.invitations.copy')}
            </Button>
          )}
        </CopyButton>
      )}
    </Group>
  );
}

/** A code with its easy-live link (the page a device joins on, the code filled in) while joining with it is on. */
function CodeLines({
  label,
  code,
  joinable,
  testId,
}: {
  readonly label: string;
  readonly code: string | null;
  readonly joinable: boolean;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <KeyLine label={label} value={code} testId={testId} />
      {code !== null && joinable && (
        <KeyLine label={t('groups.invitations.link')} value={absoluteJoinLink(consoleOrigin(), joinPathOf(code))} testId={`${testId}-link`} />
      )}
    </>
  );
}

/** Until when the ad-hoc code is valid (its period from when it was drawn), or null when unknown. */
function adhocValidUntil(settings: AdhocSettings): number | null {
  if (settings.code == null || settings.codeCreatedAt == null) return null;
  const drawn = Date.parse(settings.codeCreatedAt);
  return Number.isFinite(drawn) ? drawn + ADHOC_PERIOD_MS[settings.period] : null;
}

function AdhocForm({ settings }: { readonly settings: AdhocSettings }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useCanCall('updateGroupAdhocSettings');
  // The user's choices over the settings as read (a read arriving meanwhile resets nothing they chose).
  const edits = useEdits<{ mode: string; period: string }>({ mode: settings.mode ?? OFF, period: settings.period }, settings.version);
  const { mode, period } = edits.values;
  const save = useToastMutation('updateGroupAdhocSettings', {
    success: () => t('groups.invitations.adhocSaved'),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointKey('getGroupAdhocSettings', { params: { groupId: settings.groupId } }), saved);
      edits.clear();
      refreshAfterSave(queryClient, settings.groupId);
    },
    // The form shows the refusal.
    onError: () => undefined,
  });
  const validUntil = adhocValidUntil(settings);
  // When the form opened: a code whose validity ended before is shown as expired.
  const [readAt] = useState(() => Date.now());
  const onSave = () => {
    const planType = ADHOC_PLAN_TYPES.find((p) => p === mode) ?? null;
    const adhocPeriod = ADHOC_PERIODS.find((p) => p === period) ?? settings.period;
    save.mutate({ params: { groupId: settings.groupId }, body: { mode: planType, period: adhocPeriod, version: edits.version ?? settings.version } });
  };
  return (
    <Stack gap="sm" data-testid="lusmart-adhoc">
      <Select
        label={t('groups.invitations.adhocMode')}
        data={planOptions(t, ADHOC_PLAN_TYPES)}
        value={mode}
        allowDeselect={false}
        onChange={(v) => v !== null && edits.set({ mode: v })}
        readOnly={!canWrite}
        data-testid="lusmart-adhoc-mode"
      />
      <Select
        label={t('groups.invitations.period')}
        data={ADHOC_PERIODS.map((p) => ({ value: p, label: t(`groups.invitations.periods.${p}`) }))}
        value={period}
        allowDeselect={false}
        onChange={(v) => v !== null && edits.set({ period: v })}
        readOnly={!canWrite}
        data-testid="lusmart-adhoc-period"
      />
      <CodeLines label={t('groups.invitations.code')} code={settings.code} joinable={settings.mode != null} testId="lusmart-adhoc-code" />
      {validUntil !== null && (
        <Text size="xs" c={validUntil > readAt ? 'dimmed' : 'red'} data-testid="lusmart-adhoc-valid">
          {validUntil > readAt
            ? t('groups.invitations.validUntil', { date: dateText(validUntil, (d) => d.toLocaleString(i18n.language)) })
            : t('groups.invitations.codeExpired')}
        </Text>
      )}
      <EditConflictNotice
        edits={edits}
        label={(field) => t(field === 'mode' ? 'groups.invitations.adhocMode' : 'groups.invitations.period')}
        testId="lusmart-adhoc-conflict"
      />
      <ErrorAlert error={save.error} testId="lusmart-adhoc-error" role="alert" />
      {canWrite && (
        <Group justify="flex-end">
          <Button onClick={onSave} loading={save.isPending} data-testid="lusmart-adhoc-save">
            {t('groups.actions.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PermanentForm({ settings }: { readonly settings: PermanentSettings }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useCanCall('updateGroupPermanentSettings');
  const edits = useEdits<{ mode: string; regenerate: PermanentSettings['regenerate'] }>(
    { mode: settings.mode ?? OFF, regenerate: settings.regenerate },
    settings.version,
  );
  const { mode, regenerate } = edits.values;
  const save = useToastMutation('updateGroupPermanentSettings', {
    success: (_, input) => t(input.body?.resetKey ? 'groups.invitations.keyRegenerated' : 'groups.invitations.permanentSaved'),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointKey('getGroupPermanentSettings', { params: { id: settings.groupId } }), saved);
      edits.clear();
      refreshAfterSave(queryClient, settings.groupId);
    },
    // The form shows the refusal.
    onError: () => undefined,
  });
  const send = (resetKey: boolean) =>
    save.mutate({
      params: { id: settings.groupId },
      body: { mode: PERMANENT_PLAN_TYPES.find((p) => p === mode) ?? null, regenerate, resetKey, version: edits.version ?? settings.version },
    });
  return (
    <Stack gap="sm" data-testid="lusmart-permanent">
      <Select
        label={t('groups.invitations.permanentMode')}
        data={planOptions(t, PERMANENT_PLAN_TYPES)}
        value={mode}
        allowDeselect={false}
        onChange={(v) => v !== null && edits.set({ mode: v })}
        readOnly={!canWrite}
        data-testid="lusmart-permanent-mode"
      />
      <CodeLines label={t('groups.invitations.key')} code={settings.key} joinable={settings.mode != null} testId="lusmart-permanent-key" />
      {settings.nextRegenerationAt != null && (
        <MutedText size="xs" testId="lusmart-permanent-next">
          {t('groups.invitations.nextRegeneration', { date: dateText(settings.nextRegenerationAt, (d) => d.toLocaleString(i18n.language)) })}
        </MutedText>
      )}
      <Select
        label={t('groups.invitations.regeneration')}
        data={PERMANENT_KEY_REGENERATION.map((r) => ({ value: r, label: t(`groups.invitations.regenerations.${r}`) }))}
        value={regenerate}
        allowDeselect={false}
        onChange={(v) => edits.set({ regenerate: PERMANENT_KEY_REGENERATION.find((r) => r === v) ?? regenerate })}
        readOnly={!canWrite}
        data-testid="lusmart-permanent-regeneration"
      />
      <EditConflictNotice
        edits={edits}
        label={(field) => t(field === 'mode' ? 'groups.invitations.permanentMode' : 'groups.invitations.regeneration')}
        testId="lusmart-permanent-conflict"
      />
      <ErrorAlert error={save.error} testId="lusmart-permanent-error" role="alert" />
      {canWrite && (
        <Group justify="flex-end">
          <Button variant="light" onClick={() => send(true)} loading={save.isPending} data-testid="lusmart-permanent-regenerate">
            {t('groups.invitations.regenerateNow')}
          </Button>
          <Button onClick={() => send(false)} loading={save.isPending} data-testid="lusmart-permanent-save">
            {t('groups.actions.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export default function AddLuSmartModal({ groupId, onClose }: { readonly groupId: string; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('adhoc');
  const adhoc = useEndpointQuery('getGroupAdhocSettings', { params: { groupId } });
  const permanent = useEndpointQuery('getGroupPermanentSettings', { params: { id: groupId } }, { enabled: tab === 'permanent' });
  return (
    <Modal opened onClose={onClose} size="lg" title={t('groups.invitations.addLuSmart')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false} data-testid="lusmart-modal">
        <Tabs.List mb="sm">
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`lusmart-tab-${value}`}>
              {t(`groups.invitations.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="adhoc">
          <RegionBoundary kind="tab">
            <QueryView query={adhoc} testIdPrefix="lusmart-adhoc" errorTitle={t('groups.invitations.loadFailed')}>
              {(data) => <AdhocForm key={data.groupId} settings={data} />}
            </QueryView>
          </RegionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="permanent">
          <RegionBoundary kind="tab">
            <QueryView query={permanent} testIdPrefix="lusmart-permanent" errorTitle={t('groups.invitations.loadFailed')}>
              {(data) => <PermanentForm key={data.groupId} settings={data} />}
            </QueryView>
          </RegionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <RegionBoundary kind="tab">
            <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
              <DefaultConfigurationTab groupId={groupId} />
            </Suspense>
          </RegionBoundary>
        </Tabs.Panel>
      </Tabs>
      <CloseFooter testId="lusmart-close" onClose={onClose} mt="sm" />
    </Modal>
  );
}
