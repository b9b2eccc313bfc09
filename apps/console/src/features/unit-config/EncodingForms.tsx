/**
 * Video/Audio tab, the device commands of the encoder and the return audio: video encoder (codec,
 * colour depth), shooting mode, video complexity, ancillary data, IFB delay and IFB always on. Each
 * is a POST devices/{id}/commands/<kind> (kind 'command': the configuration is read again once the
 * device took it, and the core publishes unit.configuration). The return audio forms apply only
 * while the current inventory's audio IFB service is not off ("Feature disabled", shell/serviceGates.ts).
 */
import { Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ANCILLARY_DATA_TYPES, ERROR_CATALOGUE, LIMITS, SHOOTING_MODES, UNIT_CONFIG_BOUNDS, VIDEO_CODECS, VIDEO_COMPLEXITIES } from '@fleet/contracts';
import {
  ancillaryDataBody,
  ancillaryDataForm,
  encoderBody,
  encoderForm,
  hasHevc,
  ifbAlwaysOnBody,
  ifbAlwaysOnForm,
  ifbDelayBody,
  ifbDelayForm,
  shootingModeBody,
  shootingModeForm,
  validateEncoderForm,
  videoComplexityBody,
  videoComplexityForm,
  type AncillaryDataType,
} from './forms';
import { useServiceGates } from '../../shell/useServiceGates';
import { ConfigCard, type TabProps } from './parts';

/** Why the return audio cannot be applied: its managed service (audio_ifb) is off for the current inventory. */
function useIfbBlocked(): string | null {
  return useServiceGates()('ifb') ? ERROR_CATALOGUE.FEATURE_DISABLED.message : null;
}

const isAncillaryType = (value: string): value is AncillaryDataType => (ANCILLARY_DATA_TYPES as readonly string[]).includes(value);

/** The encoder, the shooting mode, the video complexity and the ancillary data. */
export function EncodingForms({ config, unit }: TabProps) {
  const { t } = useTranslation();
  return (
    <>
      <ConfigCard
        formId="encoder"
        title={t('unitConfig.encoder.title')}
        endpoint="commandEncoder"
        source={encoderForm(config)}
        validate={(v) => validateEncoderForm(v, unit)}
        toBody={encoderBody}
        fields={[
          [
            {
              kind: 'select',
              name: 'codec',
              label: t('unitConfig.encoder.codec'),
              description: hasHevc(unit) ? undefined : t('unitConfig.encoder.noHevc'),
              options: VIDEO_CODECS.map((c) => ({ value: c, label: t(`unitConfig.encoder.codecs.${c}`) })),
            },
            {
              kind: 'select',
              name: 'colourDepth',
              label: t('unitConfig.encoder.colourDepth'),
              options: LIMITS.colourDepths.map((bits) => ({ value: String(bits), label: t('unitConfig.encoder.colourDepthOption', { bits }) })),
            },
          ],
        ]}
      />
      <ConfigCard
        formId="shootingMode"
        title={t('unitConfig.shootingMode.title')}
        endpoint="commandShootingMode"
        source={shootingModeForm(config)}
        toBody={shootingModeBody}
        fields={[
          {
            kind: 'select',
            name: 'mode',
            label: t('unitConfig.shootingMode.mode'),
            options: SHOOTING_MODES.map((m) => ({ value: m, label: t(`unitConfig.shootingMode.modes.${m}`) })),
          },
        ]}
      />
      <ConfigCard
        formId="videoComplexity"
        title={t('unitConfig.videoComplexity.title')}
        endpoint="commandVideoComplexity"
        source={videoComplexityForm(config)}
        toBody={videoComplexityBody}
        fields={[
          {
            kind: 'select',
            name: 'level',
            label: t('unitConfig.videoComplexity.level'),
            description: t('unitConfig.videoComplexity.hint'),
            options: VIDEO_COMPLEXITIES.map((l) => ({ value: l, label: t(`unitConfig.videoComplexity.levels.${l}`) })),
          },
        ]}
      />
      <ConfigCard
        formId="ancillaryData"
        title={t('unitConfig.ancillaryData.title')}
        endpoint="commandAncillaryData"
        source={ancillaryDataForm(config)}
        toBody={ancillaryDataBody}
        fields={[{ kind: 'switch', name: 'enabled', label: t('unitConfig.ancillaryData.enabled') }]}
        shows={['types']}
      >
        {(form, error) => (
          <Checkbox.Group
            label={t('unitConfig.ancillaryData.types')}
            value={[...form.values.types]}
            onChange={(values) => form.set({ types: values.filter(isAncillaryType) })}
            error={error('types')}
            data-testid="config-ancillaryData-types"
          >
            <Group gap="md" mt="xs">
              {ANCILLARY_DATA_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`unitConfig.ancillaryData.typeNames.${type}`)} data-testid={`config-ancillaryData-type-${type}`} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      </ConfigCard>
    </>
  );
}

/** The return audio: its delay and whether it is always on. */
export function ReturnAudioForms({ config }: TabProps) {
  const { t } = useTranslation();
  const blocked = useIfbBlocked();
  return (
    <>
      <ConfigCard
        formId="ifbDelay"
        title={t('unitConfig.ifb.delayTitle')}
        endpoint="commandIfbDelay"
        source={ifbDelayForm(config)}
        toBody={ifbDelayBody}
        blocked={blocked}
        fields={[
          {
            kind: 'number',
            name: 'delayMs',
            label: t('unitConfig.ifb.delayMs'),
            description: t('unitConfig.ifb.bounds', { max: UNIT_CONFIG_BOUNDS.ifbDelayMaxMs }),
          },
        ]}
      />
      <ConfigCard
        formId="ifbAlwaysOn"
        title={t('unitConfig.ifb.alwaysOnTitle')}
        endpoint="commandIfbAlwaysOn"
        source={ifbAlwaysOnForm(config)}
        toBody={ifbAlwaysOnBody}
        blocked={blocked}
        fields={[{ kind: 'switch', name: 'enabled', label: t('unitConfig.ifb.alwaysOn') }]}
      />
    </>
  );
}
