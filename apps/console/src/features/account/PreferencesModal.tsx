/**
 * The user menu's preferences (spec 000 §3 Preferences, §9 defaults): language (the header's switch,
 * remembered the same way), colour scheme (System / Light / Dark, applied and remembered at once as
 * the language is), smart-unit country (default usa), which unit alerts show and which
 * severities sound (all on except the warning sound; "Back to the defaults" takes the core's default
 * alert configuration, GET alerts/configuration/default), and the time zone times are read in;
 * saved together through PUT userPreferences (the other preferences stay as they are).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { usePreferencesQuery, useUpdatePreferences } from '../../session/hooks';
import { ColorSchemeSwitch } from '../../shell/ColorSchemeSwitch';
import { LanguageSwitch } from '../../shell/LanguageSwitch';
import { useToast } from '../../toast/useToast';
import { timeZoneList } from '../dialogs/rules';
import { ALERT_SEVERITIES, ALERT_TYPES, countryOptions, GRAPHICS_REGION_MAX, preferencesForm, preferencesPatch } from './accountForms';
import type { PreferencesForm } from './accountForms';

export function PreferencesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('userMenu.preferences')} size="lg" data-testid="preferences-modal">
      {opened && <PreferencesBody onClose={onClose} />}
    </Modal>
  );
}

function PreferencesBody({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const prefs = usePreferencesQuery(false).data;
  const updatePreferences = useUpdatePreferences();
  // Taken once when the modal opens: the user's edits are not overwritten by a later read.
  const [values, setValues] = useState<PreferencesForm>(() => preferencesForm(prefs));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const defaults = useEndpointQuery('getDefaultAlertConfiguration', {}, { staleTime: Infinity }).data;
  const zones = useMemo(() => timeZoneList(), []);
  const countries = useMemo(() => countryOptions(i18n.language, values.luSmartCountry), [i18n.language, values.luSmartCountry]);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const save = async () => {
    setBusy(true);
    setFailed(false);
    const saved = await updatePreferences(preferencesPatch(values));
    setBusy(false);
    if (saved === null) {
      setFailed(true);
      return;
    }
    toast.show({ message: t('account.preferences.saved'), variant: 'success' });
    onClose();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text>{t('language.label')}</Text>
        <LanguageSwitch testId="preferences-language" />
      </Group>
      <Group justify="space-between">
        <Text id="preferences-color-scheme-label">{t('account.preferences.colorScheme')}</Text>
        <ColorSchemeSwitch labelId="preferences-color-scheme-label" />
      </Group>
      <Select
        label={t('account.preferences.country')}
        data={countries}
        value={values.luSmartCountry}
        onChange={(v) => v !== null && setValues({ ...values, luSmartCountry: v })}
        searchable
        allowDeselect={false}
        data-testid="preferences-country"
      />
      <Select
        label={t('account.preferences.timeZone')}
        data={[{ value: '', label: t('account.preferences.browserTimeZone', { zone: browserZone }) }, ...zones.map((z) => ({ value: z, label: z }))]}
        value={values.timeZone}
        onChange={(v) => setValues({ ...values, timeZone: v ?? '' })}
        searchable
        allowDeselect={false}
        data-testid="preferences-time-zone"
      />
      <TextInput
        label={t('account.preferences.graphicsRegion')}
        description={t('account.preferences.graphicsRegionHint')}
        value={values.graphicsRegion}
        onChange={(e) => setValues({ ...values, graphicsRegion: e.currentTarget.value })}
        maxLength={GRAPHICS_REGION_MAX}
        data-testid="preferences-graphics-region"
      />
      <Group justify="space-between">
        <Title order={6}>{t('account.preferences.alerts')}</Title>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={defaults === undefined}
          onClick={() =>
            defaults && setValues({ ...values, unitAlertsSettings: { ...defaults.settings }, unitAlertsSoundSettings: { ...defaults.soundSettings } })
          }
          data-testid="preferences-alert-defaults"
        >
          {t('account.preferences.alertDefaults')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {ALERT_TYPES.map((type) => (
          <Checkbox
            key={type}
            label={t(`account.alerts.${type}`)}
            checked={values.unitAlertsSettings[type] === true}
            onChange={(e) => setValues({ ...values, unitAlertsSettings: { ...values.unitAlertsSettings, [type]: e.currentTarget.checked } })}
            data-testid={`preferences-alert-${type}`}
          />
        ))}
      </SimpleGrid>
      <Title order={6}>{t('account.preferences.sounds')}</Title>
      <Group>
        {ALERT_SEVERITIES.map((severity) => (
          <Checkbox
            key={severity}
            label={t(`account.severities.${severity}`)}
            checked={values.unitAlertsSoundSettings[severity]}
            onChange={(e) => setValues({ ...values, unitAlertsSoundSettings: { ...values.unitAlertsSoundSettings, [severity]: e.currentTarget.checked } })}
            data-testid={`preferences-sound-${severity}`}
          />
        ))}
      </Group>
      {failed && (
        <Alert color="red" data-testid="preferences-failure">
          {t('account.preferences.notSaved')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('account.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={busy} data-testid="preferences-save">
          {t('account.preferences.save')}
        </Button>
      </Group>
    </Stack>
  );
}
