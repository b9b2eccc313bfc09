/**
 * Create a software version (POST v2/softwareVersions) or edit one (PUT v2/softwareVersions/{id}
 * with the version of it read fresh by id as the form opens, GET v2/softwareVersions/{id}; one
 * deleted meanwhile says so): number (the §9 rule and "Software version exists" inline, in the spec's
 * words, before anything is sent), description, release notes address, supported devices,
 * deprecated, inventories (none: every inventory). For super user and staff. The core's field
 * errors come back onto the fields; other refusals show as a note.
 */
import { useState } from 'react';
import { Button, Group, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SOFTWARE_VERSION_DEVICES, type SoftwareVersion, type SoftwareVersionDevice } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { hasErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import { newest, op, ResourceModal } from '../../kit';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { formErrors, initialValues, savedErrors, toBody, type SoftwareVersionFormValues } from './softwareVersionForm';
import { useInventoryOptions } from './useInventoryOptions';

interface SoftwareVersionModalProps {
  /** The version to edit; null: a new one. */
  readonly version: SoftwareVersion | null;
  /** The versions as listed (for the number's uniqueness). */
  readonly versions: readonly SoftwareVersion[];
  readonly onClose: () => void;
}

const isDevice = (value: string): value is SoftwareVersionDevice => (SOFTWARE_VERSION_DEVICES as readonly string[]).includes(value);

function SoftwareVersionForm({ version, versions, onClose }: SoftwareVersionModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const specText = useSpecText();
  const inventories = useInventoryOptions();
  const [values, setValues] = useState<SoftwareVersionFormValues>(() => initialValues(version));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useEndpointMutation('createSoftwareVersion');
  const update = useEndpointMutation('updateSoftwareVersion');
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const change = (next: Partial<SoftwareVersionFormValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    // Once a save was tried, the rules follow what is typed.
    if (hasErrors(errors)) setErrors(formErrors(merged, versions, version?.id ?? null));
  };

  const saved = (result: SoftwareVersion, key: 'created' | 'updated') => {
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSoftwareVersions') });
    toast.show({ message: t(`softwareVersions.toasts.${key}`, { number: result.number }), variant: 'success' });
    onClose();
  };
  const onError = (e: unknown) => setErrors(savedErrors(e));

  const onSave = () => {
    const found = formErrors(values, versions, version?.id ?? null);
    setErrors(found);
    if (hasErrors(found)) return;
    const body = toBody(values);
    if (version === null) create.mutate({ body }, { onSuccess: (r) => saved(r, 'created'), onError });
    else update.mutate({ params: { id: version.id }, body: { ...body, version: version.version } }, { onSuccess: (r) => saved(r, 'updated'), onError });
  };

  const fieldError = (field: string) => {
    const message = errors[field];
    return message === undefined ? undefined : <span data-testid={`sw-version-error.${field}`}>{specText(message)}</span>;
  };
  // An inventory of the version's the options do not hold (yet) stays visible under its name.
  const inventoryData = [
    ...inventories.options.map((i) => ({ value: i.id, label: i.name })),
    ...(version?.inventories ?? []).filter((i) => !inventories.options.some((o) => o.id === i.id)).map((i) => ({ value: i.id, label: i.name })),
  ];

  return (
    <Stack gap="sm" data-testid="sw-version-form">
      <TextInput
        label={t('softwareVersions.fields.number')}
        description={t('softwareVersions.fields.numberHint')}
        withAsterisk
        data-autofocus
        value={values.number}
        onChange={(e) => change({ number: e.currentTarget.value })}
        error={fieldError('number')}
        data-testid="sw-version-number"
      />
      <TextInput
        label={t('softwareVersions.fields.description')}
        value={values.description}
        onChange={(e) => change({ description: e.currentTarget.value })}
        error={fieldError('description')}
        data-testid="sw-version-description"
      />
      <TextInput
        label={t('softwareVersions.fields.releaseNotesUrl')}
        placeholder="https://"
        value={values.releaseNotesUrl}
        onChange={(e) => change({ releaseNotesUrl: e.currentTarget.value })}
        error={fieldError('releaseNotesUrl')}
        data-testid="sw-version-release-notes"
      />
      <MultiSelect
        label={t('softwareVersions.fields.supportedDevices')}
        data={SOFTWARE_VERSION_DEVICES.map((d) => ({ value: d, label: t(`softwareVersions.devices.${d}`) }))}
        value={[...values.supportedDevices]}
        onChange={(picked) => change({ supportedDevices: picked.filter(isDevice) })}
        searchable
        clearable
        error={fieldError('supportedDevices')}
        comboboxProps={{ withinPortal: true }}
        data-testid="sw-version-devices"
      />
      <MultiSelect
        label={t('softwareVersions.fields.inventories')}
        description={t('softwareVersions.fields.inventoriesHint')}
        placeholder={values.inventoryIds.length === 0 ? t('softwareVersions.allInventories') : undefined}
        data={inventoryData}
        value={[...values.inventoryIds]}
        onChange={(inventoryIds) => change({ inventoryIds })}
        searchable
        clearable
        error={fieldError('inventoryIds')}
        comboboxProps={{ withinPortal: true }}
        data-testid="sw-version-inventories"
      />
      <Switch
        label={t('softwareVersions.fields.deprecated')}
        description={t('softwareVersions.fields.deprecatedHint')}
        checked={values.deprecated}
        onChange={(e) => change({ deprecated: e.currentTarget.checked })}
        data-testid="sw-version-deprecated"
      />
      {failure && Object.keys(savedErrors(failure)).length === 0 && <ErrorNote testId="sw-version-save-error" message={errorText(failure)} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="sw-version-cancel">
          {t('softwareVersions.actions.cancel')}
        </Button>
        <Button onClick={onSave} loading={pending} data-testid="sw-version-save">
          {t('softwareVersions.actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The version read fresh by id as its form opens (the list row may be stale), so it saves with the version kept now. */
const READ_VERSION = op('getSoftwareVersion', (id: string) => ({ params: { id } }));

export default function SoftwareVersionModal(props: SoftwareVersionModalProps) {
  const { t } = useTranslation();
  const listed = props.version;
  const fresh = useQuery({
    queryKey: READ_VERSION.key(listed?.id ?? ''),
    queryFn: ({ signal }) => READ_VERSION.run(listed?.id ?? '', signal),
    enabled: listed !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const query = { isPending: fresh.isPending, isError: fresh.isError, error: fresh.error, data: listed !== null && fresh.data !== undefined ? newest(listed, fresh.data) : undefined };
  return (
    <ResourceModal
      testId="sw-version"
      title={listed === null ? t('softwareVersions.create.title') : t('softwareVersions.edit.title', { number: query.data?.number ?? listed.number })}
      isNew={listed === null}
      query={query}
      editor={(version) => <SoftwareVersionForm {...props} version={version} />}
      tabs={[]}
      onClose={props.onClose}
    />
  );
}
