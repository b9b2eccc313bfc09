/**
 * The Multi Camera tab's forms checked before sending, with the spec's messages (contracts
 * VALIDATION via packages/domain): camera labels at most 12 characters (spec 000 §5), up to 4
 * cameras (§9), custom channels required and no more than the feeds, switcher-and-proxy needs a
 * proxy channel different from the high quality one and an SDI input (§3).
 */
import { validateCameraLabel } from '@fleet/domain';
import { LIMITS, VALIDATION } from '@fleet/contracts';

export interface MultiCameraForm {
  readonly numberOfFeeds: number;
  readonly channelSelectionMode: 'automatic' | 'custom';
  readonly customSelectedChannels: readonly string[];
  readonly labels: readonly string[];
}

export type FormErrors = Record<string, string>;

export function validateMultiCameraForm(form: MultiCameraForm): FormErrors {
  const errors: FormErrors = {};
  if (!Number.isInteger(form.numberOfFeeds) || form.numberOfFeeds < 1) errors.numberOfFeeds = VALIDATION.minValue(1);
  else if (form.numberOfFeeds > LIMITS.multiCameraMaxCameras) errors.numberOfFeeds = VALIDATION.maxValue(LIMITS.multiCameraMaxCameras);
  form.labels.slice(0, form.numberOfFeeds).forEach((label, index) => {
    const problem = validateCameraLabel(label);
    if (problem !== null) errors[`labels.${index}`] = problem;
  });
  if (form.channelSelectionMode === 'custom') {
    if (form.customSelectedChannels.length === 0) errors.customSelectedChannels = VALIDATION.required;
    else if (form.customSelectedChannels.length > form.numberOfFeeds) errors.customSelectedChannels = VALIDATION.maxElements;
  }
  return errors;
}

export interface SwitcherForm {
  readonly mode: 'switcher' | 'switcherAndProxy';
  readonly highQualityChannel: string;
  readonly proxyChannel: string;
  readonly inputSdi: number | null;
}

export function validateSwitcherForm(form: SwitcherForm): FormErrors {
  const errors: FormErrors = {};
  if (form.highQualityChannel.trim() === '') errors.highQualityChannel = VALIDATION.required;
  if (form.mode === 'switcherAndProxy') {
    if (form.proxyChannel.trim() === '') errors.proxyChannel = VALIDATION.required;
    else if (form.proxyChannel.trim() === form.highQualityChannel.trim()) errors.proxyChannel = VALIDATION.proxySameAsHighQuality;
    if (form.inputSdi === null) errors.inputSdi = VALIDATION.required;
  }
  return errors;
}
