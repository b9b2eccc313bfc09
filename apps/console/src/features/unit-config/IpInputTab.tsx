/** IP Input tab: an IP stream as the unit's video input (protocol, port, latency, SRT passphrase). */
import { Group, NativeSelect, PasswordInput, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IP_INPUT_PROTOCOLS, IpInputStreamUpdateBody, type UnitConfiguration } from '@fleet/contracts';
import { ipInputBody, ipInputForm, validateIpInputForm, type IpInputProtocol } from './forms';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { FormSection, useAllowed, useConfigContext } from './parts';

export default function IpInputTab({ config }: { readonly config: UnitConfiguration }) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: ipInputForm(config),
    validate: validateIpInputForm,
    endpoint: 'updateUnitIpInputStream',
    schema: IpInputStreamUpdateBody,
    toBody: ipInputBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-ipInput', form.errors);
  return (
    <FormSection formId="ipInput" title={t('unitConfig.ipInput.title')} form={form} allowed={useAllowed('updateUnitIpInputStream')}>
      <Switch
        label={t('unitConfig.ipInput.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="config-ipInput-enabled"
      />
      <Group grow align="flex-start">
        <NativeSelect
          label={t('unitConfig.ipInput.protocol')}
          value={form.values.protocol}
          onChange={(e) => form.set({ protocol: e.currentTarget.value as IpInputProtocol })}
          data={IP_INPUT_PROTOCOLS.map((p) => ({ value: p, label: t(`unitConfig.ipInput.protocols.${p}`) }))}
          error={error('protocol')}
          data-testid="config-ipInput-protocol"
        />
        <TextInput
          label={t('unitConfig.ipInput.port')}
          value={form.values.port}
          onChange={(e) => form.set({ port: e.currentTarget.value })}
          error={error('port')}
          data-testid="config-ipInput-port"
        />
        <TextInput
          label={t('unitConfig.ipInput.latencyMs')}
          value={form.values.latencyMs}
          onChange={(e) => form.set({ latencyMs: e.currentTarget.value })}
          error={error('latencyMs')}
          data-testid="config-ipInput-latencyMs"
        />
      </Group>
      {form.values.protocol === 'srt' && (
        <PasswordInput
          label={t('unitConfig.ipInput.passphrase')}
          description={config.ipInput.hasPassphrase ? t('unitConfig.ipInput.passphraseKept') : undefined}
          value={form.values.passphrase}
          onChange={(e) => form.set({ passphrase: e.currentTarget.value })}
          error={error('passphrase')}
          data-testid="config-ipInput-passphrase"
        />
      )}
    </FormSection>
  );
}
