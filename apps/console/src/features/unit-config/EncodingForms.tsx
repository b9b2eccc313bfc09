/**
 * Video/Audio tab, the device commands of the encoder and the return audio: video encoder (codec,
 * colour depth), shooting mode, video complexity, ancillary data, IFB delay and IFB always on. Each
 * is a POST devices/{id}/commands/<kind> (kind 'command': the configuration is read again once the
 * device took it, and the core publishes unit.configuration). The return audio forms apply only
 * while the current inventory's audio IFB service is not off ("Feature disabled", shell/serviceGates.ts).
 */
import { Checkbox, Group, NativeSelect, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AncillaryDataBody, ANCILLARY_DATA_TYPES, EncoderBody, ERROR_CATALOGUE, IfbAlwaysOnBody, IfbDelayBody, LIMITS, SHOOTING_MODES, ShootingModeBody, UNIT_CONFIG_BOUNDS,
  VIDEO_CODECS, VIDEO_COMPLEXITIES, VideoComplexityBody, type UnitConfiguration,
} from '@fleet/contracts';
import {
  ancillaryDataBody, ancillaryDataForm, encoderBody, encoderForm, hasHevc, ifbAlwaysOnBody, ifbAlwaysOnForm, ifbDelayBody, ifbDelayForm, shootingModeBody,
  shootingModeForm, validateAncillaryDataForm, validateEncoderForm, validateIfbAlwaysOnForm, validateIfbDelayForm, validateShootingModeForm,
  validateVideoComplexityForm, videoComplexityBody, videoComplexityForm, type AncillaryDataType, type UnitFacts,
} from './forms';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { useServiceGates } from '../../shell/useServiceGates';
import { FormSection, useAllowed, useConfigContext } from './parts';

interface FormProps {
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

/** The select's value as one of its options (the options are exactly `list`, so the fallback is never used). */
/** Why the return audio cannot be applied: its managed service (audio_ifb) is off for the current inventory. */
function useIfbBlocked(): string | null {
  return useServiceGates()('ifb') ? ERROR_CATALOGUE.FEATURE_DISABLED.message : null;
}

const pick = <T extends string>(list: readonly T[], value: string, fallback: T): T => list.find((item) => item === value) ?? fallback;

const isAncillaryType = (value: string): value is AncillaryDataType => (ANCILLARY_DATA_TYPES as readonly string[]).includes(value);

export function EncoderForm({ config, unit }: FormProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: encoderForm(config),
    validate: (v) => validateEncoderForm(v, unit),
    endpoint: 'commandEncoder',
    schema: EncoderBody,
    toBody: encoderBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-encoder', form.errors);
  return (
    <FormSection formId="encoder" title={t('unitConfig.encoder.title')} form={form} allowed={useAllowed('commandEncoder')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('unitConfig.encoder.codec')}
          description={hasHevc(unit) ? undefined : t('unitConfig.encoder.noHevc')}
          value={form.values.codec}
          onChange={(e) => form.set({ codec: pick(VIDEO_CODECS, e.currentTarget.value, form.values.codec) })}
          data={VIDEO_CODECS.map((c) => ({ value: c, label: t(`unitConfig.encoder.codecs.${c}`) }))}
          error={error('codec')}
          data-testid="config-encoder-codec"
        />
        <NativeSelect
          label={t('unitConfig.encoder.colourDepth')}
          value={form.values.colourDepth}
          onChange={(e) => form.set({ colourDepth: e.currentTarget.value })}
          data={LIMITS.colourDepths.map((bits) => ({ value: String(bits), label: t('unitConfig.encoder.colourDepthOption', { bits }) }))}
          error={error('colourDepth')}
          data-testid="config-encoder-colourDepth"
        />
      </SimpleGrid>
    </FormSection>
  );
}

export function ShootingModeForm({ config }: FormProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: shootingModeForm(config),
    validate: validateShootingModeForm,
    endpoint: 'commandShootingMode',
    schema: ShootingModeBody,
    toBody: shootingModeBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-shootingMode', form.errors);
  return (
    <FormSection formId="shootingMode" title={t('unitConfig.shootingMode.title')} form={form} allowed={useAllowed('commandShootingMode')}>
      <NativeSelect
        label={t('unitConfig.shootingMode.mode')}
        value={form.values.mode}
        onChange={(e) => form.set({ mode: pick(SHOOTING_MODES, e.currentTarget.value, form.values.mode) })}
        data={SHOOTING_MODES.map((m) => ({ value: m, label: t(`unitConfig.shootingMode.modes.${m}`) }))}
        error={error('mode')}
        data-testid="config-shootingMode-mode"
      />
    </FormSection>
  );
}

export function VideoComplexityForm({ config }: FormProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: videoComplexityForm(config),
    validate: validateVideoComplexityForm,
    endpoint: 'commandVideoComplexity',
    schema: VideoComplexityBody,
    toBody: videoComplexityBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-videoComplexity', form.errors);
  return (
    <FormSection formId="videoComplexity" title={t('unitConfig.videoComplexity.title')} form={form} allowed={useAllowed('commandVideoComplexity')}>
      <NativeSelect
        label={t('unitConfig.videoComplexity.level')}
        description={t('unitConfig.videoComplexity.hint')}
        value={form.values.level}
        onChange={(e) => form.set({ level: pick(VIDEO_COMPLEXITIES, e.currentTarget.value, form.values.level) })}
        data={VIDEO_COMPLEXITIES.map((l) => ({ value: l, label: t(`unitConfig.videoComplexity.levels.${l}`) }))}
        error={error('level')}
        data-testid="config-videoComplexity-level"
      />
    </FormSection>
  );
}

export function AncillaryDataForm({ config }: FormProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: ancillaryDataForm(config),
    validate: validateAncillaryDataForm,
    endpoint: 'commandAncillaryData',
    schema: AncillaryDataBody,
    toBody: ancillaryDataBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-ancillaryData', form.errors);
  return (
    <FormSection formId="ancillaryData" title={t('unitConfig.ancillaryData.title')} form={form} allowed={useAllowed('commandAncillaryData')}>
      <Switch
        label={t('unitConfig.ancillaryData.enabled')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="config-ancillaryData-enabled"
      />
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
    </FormSection>
  );
}

export function IfbDelayForm({ config }: FormProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: ifbDelayForm(config),
    validate: validateIfbDelayForm,
    endpoint: 'commandIfbDelay',
    schema: IfbDelayBody,
    toBody: ifbDelayBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-ifbDelay', form.errors);
  return (
    <FormSection formId="ifbDelay" title={t('unitConfig.ifb.delayTitle')} form={form} allowed={useAllowed('commandIfbDelay')} blocked={useIfbBlocked()}>
      <TextInput
        label={t('unitConfig.ifb.delayMs')}
        description={t('unitConfig.ifb.bounds', { max: UNIT_CONFIG_BOUNDS.ifbDelayMaxMs })}
        inputMode="numeric"
        value={form.values.delayMs}
        onChange={(e) => form.set({ delayMs: e.currentTarget.value })}
        error={error('delayMs')}
        data-testid="config-ifbDelay-delayMs"
      />
    </FormSection>
  );
}

export function IfbAlwaysOnForm({ config }: FormProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: ifbAlwaysOnForm(config),
    validate: validateIfbAlwaysOnForm,
    endpoint: 'commandIfbAlwaysOn',
    schema: IfbAlwaysOnBody,
    toBody: ifbAlwaysOnBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-ifbAlwaysOn', form.errors);
  return (
    <FormSection formId="ifbAlwaysOn" title={t('unitConfig.ifb.alwaysOnTitle')} form={form} allowed={useAllowed('commandIfbAlwaysOn')} blocked={useIfbBlocked()}>
      <Switch
        label={t('unitConfig.ifb.alwaysOn')}
        checked={form.values.enabled}
        onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
        data-testid="config-ifbAlwaysOn-enabled"
      />
      {error('enabled') !== undefined && (
        <Text size="sm" c="red">
          {error('enabled')}
        </Text>
      )}
    </FormSection>
  );
}
