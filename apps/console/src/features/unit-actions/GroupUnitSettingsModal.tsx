/**
 * Give one of the unit's groups this unit's settings as its unit settings (spec 000 §7 "v0 group
 * unit settings", PUT v0/groups/{id}/unitSettings): the group picked among the unit's groups the
 * user sees, the settings picked among the unit's current ones (each shown with its value); what is
 * not picked stays as the group has it. The group's default configuration tab then shows them.
 * Checked with the call's schema in the spec's words (§5 "Max Cellular Capping cannot be higher
 * than Max Total Capping").
 */
import { useMemo } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { GroupUnitSettingsUpdateBody } from '@fleet/contracts';
import type { GroupUnitSettings, UnitDetail } from '@fleet/contracts';
import { endpointKey, endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useForm } from '../../lib/forms/useForm';
import { ErrorAlert, FormPanel, schemaCheck, useToastMutation, type Field, type Option, MutedText } from '../../kit';
import { unitActionModal } from '../../kit/unitActionModal';
import { GROUP_SETTING_KEYS, offeredSettings, onSettingsField, settingsBody } from './groupUnitSettings';
import type { GroupSettingKey } from './groupUnitSettings';
import { enumLabel } from '../../lib/tolerant';

interface Values {
  readonly groupId: string | null;
  readonly settings: readonly string[];
}

/** One setting with the unit's value, as the picker lists it. */
function settingLabel(t: TFunction, key: GroupSettingKey, offered: GroupUnitSettings): string {
  const none = t('unitActions.groupUnitSettings.noLimit');
  switch (key) {
    case 'delayMs':
      return t('unitActions.groupUnitSettings.values.delayMs', { ms: offered.delayMs ?? 0 });
    case 'transmissionMode':
      return t('unitActions.groupUnitSettings.values.transmissionMode', {
        mode: offered.transmissionMode === undefined ? none : enumLabel(t, 'unitDetail.camera.mode.names', offered.transmissionMode),
      });
    case 'storeAndForwardQuality':
      return t('unitActions.groupUnitSettings.values.storeAndForwardQuality', {
        quality: offered.storeAndForwardQuality === undefined ? none : enumLabel(t, 'unitConfig.storeAndForward.profiles', offered.storeAndForwardQuality),
      });
    case 'audioBitrateKbps':
      return t('unitActions.groupUnitSettings.values.audioBitrateKbps', { kbps: offered.audioBitrateKbps ?? 0 });
    case 'totalKbps':
    case 'cellularKbps': {
      const kbps = offered[key];
      return t(`unitActions.groupUnitSettings.values.${key}`, { value: kbps === null || kbps === undefined ? none : `${kbps} kbps` });
    }
  }
}

function GroupUnitSettingsForm({ unit, onClose }: { readonly unit: UnitDetail; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const params = { params: { id: unit.uniqueId } };
  // The detail's own read of the configuration (the same cache, kept live by unit.configuration).
  const enhanced = useEndpointQuery('getUnitEnhanced', params);
  const groups = useEndpointQuery('getUnitGroups', params);
  const configuration = enhanced.data?.configuration;
  const offered = useMemo(() => (configuration === undefined ? {} : offeredSettings(configuration)), [configuration]);
  const keys = GROUP_SETTING_KEYS.filter((key) => key in offered);

  const fields = useMemo((): Field<Values>[] => {
    const groupOptions: Option[] = (groups.data ?? []).map((g) => ({
      value: g.id,
      label: t('unitActions.groupUnitSettings.groupOption', { name: g.name, inventory: g.inventoryName }),
    }));
    return [
      { kind: 'select', name: 'groupId', label: 'unitActions.groupUnitSettings.group', required: true, options: () => groupOptions },
      {
        kind: 'multiselect',
        name: 'settings',
        label: 'unitActions.groupUnitSettings.settings',
        required: true,
        options: (tr) => GROUP_SETTING_KEYS.filter((key) => key in offered).map((key) => ({ value: key, label: settingLabel(tr, key, offered) })),
      },
    ];
  }, [groups.data, offered, t]);
  const rules = useMemo(() => schemaCheck(fields, GroupUnitSettingsUpdateBody, (values: Values) => settingsBody(offered, values.settings)), [fields, offered]);
  const form = useForm<Values>({ groupId: groups.data?.[0]?.id ?? null, settings: keys }, (values) => onSettingsField(rules(values)));
  const save = useToastMutation('updateGroupUnitSettings', {
    success: (saved) => {
      const name = groups.data?.find((g) => g.id === saved.groupId)?.name ?? saved.groupId;
      return t('unitActions.groupUnitSettings.saved', { group: name, name: unit.name });
    },
    onSuccess: (saved) => {
      form.saved();
      // The group's default configuration and version moved.
      void queryClient.invalidateQueries({ queryKey: endpointKey('getGroupDefaultConfiguration', { params: { id: saved.groupId } }) });
      void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchGroupDetails') });
      onClose();
    },
    onError: (error) => form.failed(error, onSettingsField(serverFieldErrors(error))),
  });

  if (enhanced.isPending || groups.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (enhanced.isError || groups.isError) return <ErrorAlert error={enhanced.error ?? groups.error} testId="unit-group-settings-load-error" />;
  if (groups.data.length === 0) {
    return <MutedText testId="unit-group-settings-no-groups">{t('unitActions.groupUnitSettings.noGroups', { name: unit.name })}</MutedText>;
  }
  const onSave = () => {
    const values = form.submit();
    if (values === null || values.groupId == null) return;
    save.mutate({ params: { id: values.groupId }, body: settingsBody(offered, values.settings) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('unitActions.groupUnitSettings.intro', { name: unit.name })}</Text>
      <FormPanel form={form} fields={fields} testId="unit-group-settings" onSave={onSave} onCancel={onClose} saving={save.isPending} />
    </Stack>
  );
}

export default unitActionModal((t) => t('unitActions.groupUnitSettings.title'), GroupUnitSettingsForm, { size: 'lg', testId: 'unit-group-settings-modal' });
