/** Advanced tab: file name prefix, NTP timecode, enhanced logs. */
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS, type UnitConfiguration } from '@fleet/contracts';
import { ntpBody, ntpForm, prefixForm, validatePrefixForm } from './forms';
import { ConfigCard } from './parts';

export default function AdvancedTab({ config }: { readonly config: UnitConfiguration }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <ConfigCard
        formId="prefix"
        title={t('unitConfig.prefix.title')}
        endpoint="updateUnitFilenamePrefix"
        source={prefixForm(config)}
        validate={validatePrefixForm}
        toBody={(v) => v}
        fields={[
          {
            kind: 'text',
            name: 'filenamePrefix',
            label: t('unitConfig.prefix.filenamePrefix'),
            description: t('unitConfig.prefix.hint', { max: LIMITS.filenamePrefixMax }),
          },
        ]}
      />
      <ConfigCard
        formId="ntp"
        title={t('unitConfig.ntp.title')}
        endpoint="updateUnitNtpTimecode"
        source={ntpForm(config)}
        toBody={ntpBody}
        fields={[
          { kind: 'switch', name: 'enabled', label: t('unitConfig.ntp.enabled') },
          { kind: 'text', name: 'server', label: t('unitConfig.ntp.server') },
        ]}
      />
      <ConfigCard
        formId="logs"
        title={t('unitConfig.logs.title')}
        endpoint="updateUnitFetchlogsEnhanced"
        source={{ enabled: config.fetchlogs.enhanced }}
        toBody={(v) => v}
        fields={[{ kind: 'switch', name: 'enabled', label: t('unitConfig.logs.enabled') }]}
      />
    </Stack>
  );
}
