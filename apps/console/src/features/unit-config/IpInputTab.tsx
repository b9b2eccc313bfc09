/** IP Input tab: an IP stream as the unit's video input (protocol, port, latency, SRT passphrase). */
import { useTranslation } from 'react-i18next';
import { IP_INPUT_PROTOCOLS, type UnitConfiguration } from '@fleet/contracts';
import { ipInputBody, ipInputForm } from './forms';
import { ConfigCard } from './parts';

export default function IpInputTab({ config }: { readonly config: UnitConfiguration }) {
  const { t } = useTranslation();
  return (
    <ConfigCard
      formId="ipInput"
      title={t('unitConfig.ipInput.title')}
      endpoint="updateUnitIpInputStream"
      source={ipInputForm(config)}
      toBody={ipInputBody}
      fields={[
        { kind: 'switch', name: 'enabled', label: t('unitConfig.ipInput.enabled') },
        [
          {
            kind: 'select',
            name: 'protocol',
            label: t('unitConfig.ipInput.protocol'),
            options: IP_INPUT_PROTOCOLS.map((p) => ({ value: p, label: t(`unitConfig.ipInput.protocols.${p}`) })),
          },
          { kind: 'text', name: 'port', label: t('unitConfig.ipInput.port') },
          { kind: 'text', name: 'latencyMs', label: t('unitConfig.ipInput.latencyMs') },
        ],
        {
          kind: 'password',
          name: 'passphrase',
          label: t('unitConfig.ipInput.passphrase'),
          description: config.ipInput.hasPassphrase ? t('unitConfig.ipInput.passphraseKept') : undefined,
          when: (v) => v.protocol === 'srt',
        },
      ]}
    />
  );
}
