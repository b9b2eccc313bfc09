/** Advanced tab: file name prefix, NTP timecode, enhanced logs. */
import { Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FetchlogsEnhancedUpdateBody, FilenamePrefixUpdateBody, LIMITS, NtpTimecodeUpdateBody, type UnitConfiguration } from '@fleet/contracts';
import { ntpBody, ntpForm, prefixForm, validateNtpForm, validatePrefixForm } from './forms';
import { checkSchema } from '../../lib/forms/fieldErrors';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { FormSection, useAllowed, useConfigContext } from './parts';

interface TabProps {
  readonly config: UnitConfiguration;
}

function PrefixForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: prefixForm(config),
    validate: validatePrefixForm,
    endpoint: 'updateUnitFilenamePrefix',
    schema: FilenamePrefixUpdateBody,
    toBody: (v) => v,
    kind: 'update',
  });
  const error = useFieldError('config-error-prefix', form.errors);
  return (
    <FormSection formId="prefix" title={t('unitConfig.prefix.title')} form={form} allowed={useAllowed('updateUnitFilenamePrefix')}>
      <TextInput
        label={t('unitConfig.prefix.filenamePrefix')}
        description={t('unitConfig.prefix.hint', { max: LIMITS.filenamePrefixMax })}
        value={form.values.filenamePrefix}
        onChange={(e) => form.set({ filenamePrefix: e.currentTarget.value })}
        error={error('filenamePrefix')}
        data-testid="config-prefix-filenamePrefix"
      />
    </FormSection>
  );
}

function NtpForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: ntpForm(config),
    validate: validateNtpForm,
    endpoint: 'updateUnitNtpTimecode',
    schema: NtpTimecodeUpdateBody,
    toBody: ntpBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-ntp', form.errors);
  return (
    <FormSection formId="ntp" title={t('unitConfig.ntp.title')} form={form} allowed={useAllowed('updateUnitNtpTimecode')}>
      <Switch
        label={t('unitConfig.ntp.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="config-ntp-enabled"
      />
      <TextInput
        label={t('unitConfig.ntp.server')}
        value={form.values.server}
        onChange={(e) => form.set({ server: e.currentTarget.value })}
        error={error('server')}
        data-testid="config-ntp-server"
      />
    </FormSection>
  );
}

function LogsForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: { enabled: config.fetchlogs.enhanced },
    validate: (v) => checkSchema(FetchlogsEnhancedUpdateBody, v),
    endpoint: 'updateUnitFetchlogsEnhanced',
    schema: FetchlogsEnhancedUpdateBody,
    toBody: (v) => v,
    kind: 'update',
  });
  return (
    <FormSection formId="logs" title={t('unitConfig.logs.title')} form={form} allowed={useAllowed('updateUnitFetchlogsEnhanced')}>
      <Switch
        label={t('unitConfig.logs.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="config-logs-enabled"
      />
    </FormSection>
  );
}

export default function AdvancedTab({ config }: TabProps) {
  return (
    <Stack gap="md">
      <PrefixForm config={config} />
      <NtpForm config={config} />
      <LogsForm config={config} />
    </Stack>
  );
}
