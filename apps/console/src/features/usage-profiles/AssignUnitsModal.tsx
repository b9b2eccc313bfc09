/**
 * Put units of the inventory on a usage profile, or on none (PUT v2/inventories/{id}/
 * unitUsageProfiles): the inventory's units picked by name (each shows its current profile), the
 * profile chosen among those the inventory may use (read here, all of them). Refusals show in the dialog.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { MultiSelect } from '../../components/MultiSelect';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useToastMutation } from '../../kit';
import { ErrorNote } from '../../kit/DialogParts';

/** The profile select's value for "no profile". */
const NONE = '__none__';

interface AssignUnitsModalProps {
  readonly inventoryId: string;
  /** The profile the dialog starts on (opened from its row), or none. */
  readonly initialProfileId: string | null;
  readonly onClose: () => void;
}

export default function AssignUnitsModal({ inventoryId, initialProfileId, onClose }: AssignUnitsModalProps) {
  const { t } = useTranslation();
  const units = useEndpointQuery('listUnitUsageProfiles', { params: { id: inventoryId } });
  const listed = useEndpointQuery('listInventoryUsageProfiles', { params: { id: inventoryId }, query: { limit: LIMITS.pageSizeMax } });
  const profiles = useMemo(() => listed.data?.items ?? [], [listed.data]);
  const assign = useToastMutation('assignUsageProfile', {
    success: (_, input) => t('usageProfiles.toasts.assigned', { count: input.body?.unitIds?.length ?? 0 }),
    onSuccess: onClose,
    // The dialog shows the refusal.
    onError: () => undefined,
  });
  const [profileId, setProfileId] = useState<string>(initialProfileId ?? NONE);
  const [unitIds, setUnitIds] = useState<string[]>([]);
  const names = useMemo(() => new Map(profiles.map((p) => [p.id, p.name])), [profiles]);
  const options = (units.data?.units ?? []).map((u) => ({
    value: u.unitId,
    label: `${u.unitName} (${u.usageProfileId == null ? t('usageProfiles.assign.noProfile') : (names.get(u.usageProfileId) ?? u.usageProfileId)})`,
  }));

  const onSave = () => assign.mutate({ params: { id: inventoryId }, body: { usageProfileId: profileId === NONE ? null : profileId, unitIds } });

  return (
    <Modal opened onClose={onClose} title={t('usageProfiles.assign.title')} data-testid="usage-assign-modal">
      <Stack gap="sm">
        <Select
          label={t('usageProfiles.assign.profile')}
          data={[{ value: NONE, label: t('usageProfiles.assign.noProfile') }, ...profiles.map((p) => ({ value: p.id, label: p.name }))]}
          value={profileId}
          onChange={(value) => value !== null && setProfileId(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="usage-assign-profile"
        />
        <MultiSelect
          label={t('usageProfiles.assign.units')}
          placeholder={units.isPending ? t('common.loading') : t('usageProfiles.assign.unitsHint')}
          data={options}
          value={unitIds}
          onChange={setUnitIds}
          searchable
          clearable
          nothingFoundMessage={t('usageProfiles.assign.noUnits')}
          comboboxProps={{ withinPortal: true }}
          data-testid="usage-assign-units"
        />
        {assign.error && <ErrorNote testId="usage-assign-error" error={assign.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="usage-assign-cancel">
            {t('kit.form.cancel')}
          </Button>
          <Button onClick={onSave} disabled={unitIds.length === 0} loading={assign.isPending} data-testid="usage-assign-save">
            {t('usageProfiles.assign.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
