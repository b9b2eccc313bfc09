/**
 * Create a usage profile (POST v2/inventories/{id}/usageProfiles) or edit one (PUT
 * v2/usageProfiles/{id} with the version read): name, type (data or hours), quota per month, reset
 * day, the §5 rules inline in the spec's words before anything is sent. The core's field errors come
 * back onto the fields; other refusals show as a note.
 */
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UsageProfile, UsageProfilePage, UsageProfileType } from '@fleet/contracts';
import { USAGE_RESET_DAY_MAX, USAGE_RESET_DAY_MIN } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { hasErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { applyUsageProfileEvent } from './usageProfileCache';
import { formErrors, initialValues, savedErrors, toBody, type UsageProfileFormValues } from './usageProfileForm';

interface UsageProfileModalProps {
  readonly inventoryId: string;
  /** The profile to edit; null: a new profile of the inventory. */
  readonly profile: UsageProfile | null;
  /** The profiles as listed (for the name's uniqueness). */
  readonly profiles: readonly UsageProfile[];
  readonly onClose: () => void;
}

function UsageProfileForm({ inventoryId, profile, profiles, onClose }: UsageProfileModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const specText = useSpecText();
  const [values, setValues] = useState<UsageProfileFormValues>(() => initialValues(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useEndpointMutation('createUsageProfile');
  const update = useEndpointMutation('updateUsageProfile');
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const change = (next: Partial<UsageProfileFormValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    // Once a save was tried, the rules follow what is typed.
    if (hasErrors(errors)) setErrors(formErrors(merged, profiles, profile?.id ?? null));
  };

  const saved = (saved: UsageProfile, key: 'created' | 'updated') => {
    // The list shows it at once; the realtime event that follows is then a no-op.
    queryClient.setQueriesData<UsageProfilePage>({ queryKey: endpointPrefix('listInventoryUsageProfiles') }, (page) =>
      page ? applyUsageProfileEvent(page, inventoryId, { type: 'usageProfile.changed', inventoryId, usageProfile: saved, at: Date.now() }) : page,
    );
    toast.show({ message: t(`usageProfiles.toasts.${key}`, { name: saved.name }), variant: 'success' });
    onClose();
  };
  const onError = (e: unknown) => setErrors(savedErrors(e));

  const onSave = () => {
    const found = formErrors(values, profiles, profile?.id ?? null);
    setErrors(found);
    if (hasErrors(found)) return;
    const { name, type, quotaPerMonth, resetDay } = toBody(values);
    // The schema passed: both numbers are present.
    if (quotaPerMonth === undefined || resetDay === undefined) return;
    const body = { name, type, quotaPerMonth, resetDay };
    if (profile === null) create.mutate({ params: { id: inventoryId }, body }, { onSuccess: (p) => saved(p, 'created'), onError });
    // An edit moves no unit; a global profile's answer counts another inventory's units: the row keeps its count.
    else update.mutate({ params: { id: profile.id }, body: { ...body, version: profile.version } }, { onSuccess: (p) => saved({ ...p, unitCount: profile.unitCount }, 'updated'), onError });
  };

  const fieldError = (field: string) => {
    const message = errors[field];
    return message === undefined ? undefined : <span data-testid={`usage-profile-error.${field}`}>{specText(message)}</span>;
  };

  return (
    <Stack gap="sm" data-testid="usage-profile-form">
      <TextInput
        label={t('usageProfiles.fields.name')}
        withAsterisk
        data-autofocus
        value={values.name}
        onChange={(e) => change({ name: e.currentTarget.value })}
        error={fieldError('name')}
        data-testid="usage-profile-name"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('usageProfiles.fields.type')}
        </Text>
        <SegmentedControl
          value={values.type}
          onChange={(type) => change({ type: type as UsageProfileType })}
          data={[
            { value: 'data', label: t('usageProfiles.types.data') },
            { value: 'hours', label: t('usageProfiles.types.hours') },
          ]}
          data-testid="usage-profile-type"
        />
      </Stack>
      <NumberInput
        label={values.type === 'data' ? t('usageProfiles.fields.quotaData') : t('usageProfiles.fields.quotaHours')}
        withAsterisk
        min={1}
        value={values.quotaPerMonth}
        onChange={(quotaPerMonth) => change({ quotaPerMonth })}
        error={fieldError('quotaPerMonth')}
        data-testid="usage-profile-quota"
      />
      <NumberInput
        label={t('usageProfiles.fields.resetDay')}
        description={t('usageProfiles.fields.resetDayHint')}
        withAsterisk
        allowDecimal={false}
        min={USAGE_RESET_DAY_MIN}
        max={USAGE_RESET_DAY_MAX}
        clampBehavior="none"
        value={values.resetDay}
        onChange={(resetDay) => change({ resetDay })}
        error={fieldError('resetDay')}
        data-testid="usage-profile-reset-day"
      />
      {failure && Object.keys(savedErrors(failure)).length === 0 && <ErrorNote testId="usage-profile-save-error" message={errorText(failure)} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="usage-profile-cancel">
          {t('usageProfiles.actions.cancel')}
        </Button>
        <Button onClick={onSave} loading={pending} data-testid="usage-profile-save">
          {t('usageProfiles.actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function UsageProfileModal(props: UsageProfileModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.profile === null ? t('usageProfiles.create.title') : t('usageProfiles.edit.title', { name: props.profile.name })}
      data-testid="usage-profile-modal"
    >
      <UsageProfileForm {...props} />
    </Modal>
  );
}
