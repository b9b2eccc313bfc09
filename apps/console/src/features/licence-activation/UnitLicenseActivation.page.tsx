import { useState } from 'react';
import { Alert, Badge, Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIVATABLE_LICENCES, type ActivatableLicence, type LicenceActivationView, type LicencePoolEntry, type LicenceUnit } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { QueryView } from '../../components/QueryView';
import { hasErrors } from '../../lib/forms/fieldErrors';
import { useForm, type Form } from '../../lib/forms/useForm';
import { ErrorAlert, ListTable, ModalFooter, ResourceForm, useCanApply, useToastMutation } from '../../kit';
import { checkLicencePool, EMPTY_LICENCE_POOL, LICENCE_POOL_FIELDS, licencePoolBody, withPoolTotal, type LicencePoolForm } from './licencePoolForm';
import { InventoryScreen } from '../audio-rooms/InventoryPicker';
import { enumLabel } from '../../lib/tolerant';

/**
 * /unit_license_activation (spec 001 §2; §6 "Unit and license activation is a grantable
 * permission"; §8 "license limit reached"): the inventory's licence pool and its units × licences.
 * A user with the permission (or a super user) switches a licence on or off; an exhausted pool
 * shows the spec's message inline. Without the permission the switches are read-only with the
 * spec's tooltip "Not available for your user type". Super users and staff also size the pool of
 * one licence (PUT v2/admin/inventories/{id}/licencePool), not below the licences in use.
 */
export default function UnitLicenseActivationPage() {
  const { t } = useTranslation();
  return (
    <InventoryScreen
      testId="licence-activation"
      title={t('routes.unitLicenseActivation')}
      pickerLabel={t('licenceActivation.inventory')}
      noInventory={t('licenceActivation.noInventory')}
    >
      {(inventoryId) => <LicenceActivation inventoryId={inventoryId} />}
    </InventoryScreen>
  );
}

/** One inventory's pool and units × licences, with the refusal of the last switch above them. */
function LicenceActivation({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const view = useEndpointQuery('getLicenceActivation', { params: { id: inventoryId } });
  // A unit it lists changed on /ws (a licence activated elsewhere announces its unit): the view is read again.
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const mayPool = useCanApply('setLicencePool');
  // A sent body's licence is there: `undefined` only as the mutation's variables are typed.
  const name = (l?: ActivatableLicence) => (l === undefined ? '' : t(`licenceActivation.names.${l}`));
  const set = useToastMutation('setLicenceActivation', {
    success: (result, input) =>
      t(input.body?.active ? 'licenceActivation.activated' : 'licenceActivation.deactivated', {
        licence: name(input.body?.serviceName),
        unit: result.unit.name,
      }),
    onSuccess: (result) => {
      setProblem(null);
      queryClient.setQueryData<LicenceActivationView>(endpointKey('getLicenceActivation', { params: { id: result.inventoryId } }), (v) =>
        v ? { ...v, pool: result.pool, units: v.units.map((u) => (u.unitId === result.unit.unitId ? result.unit : u)) } : v,
      );
    },
    onError: (e) => setProblem(errorText(e)),
  });
  const toggle = (unit: LicenceUnit, licence: ActivatableLicence, active: boolean) =>
    set.mutate({ params: { id: inventoryId }, body: { unitId: unit.unitId, serviceName: licence, active } });

  return (
    <>
      {problem !== null && (
        <Alert color="red" withCloseButton onClose={() => setProblem(null)} data-testid="licence-activation-error">
          {problem}
        </Alert>
      )}
      <QueryView query={view} testIdPrefix="licence-activation" errorTitle={t('licenceActivation.loadFailed')}>
        {(data) => (
          <Stack gap="sm">
            <Group gap="xs" data-testid="licence-pool" aria-label={t('licenceActivation.pool')}>
              <Text size="sm" fw={600}>
                {t('licenceActivation.pool')}
              </Text>
              {data.pool.map((p) => (
                <Badge
                  key={p.serviceName}
                  variant="light"
                  color={p.available === 0 ? 'orange' : 'blue'}
                  data-testid={`licence-pool-${p.serviceName}`}
                  data-used={p.used}
                  data-total={p.total}
                >
                  {name(p.serviceName)}: {t('licenceActivation.poolEntry', { used: p.used, total: p.total })}
                </Badge>
              ))}
            </Group>
            {mayPool && <LicencePoolSection inventoryId={data.inventoryId} pool={data.pool} />}
            <ListTable
              plain
              striped
              tableProps={{ highlightOnHover: true, 'aria-label': t('routes.unitLicenseActivation') }}
              items={data.units}
              rowKey={(u) => u.unitId}
              testIdPrefix="licence-activation"
              testId="licence-activation-table"
              rowTestId={(u) => `licence-row-${u.unitId}`}
              emptyText={t('licenceActivation.empty')}
              columns={[
                { id: 'unit', header: t('licenceActivation.unit'), render: (u) => u.name },
                { id: 'type', header: t('licenceActivation.type'), render: (u) => u.productType },
                ...ACTIVATABLE_LICENCES.map((l) => ({
                  id: l,
                  header: name(l),
                  render: (u: LicenceUnit) => {
                    const active = u.active.includes(l);
                    const control = (
                      <Switch
                        size="xs"
                        checked={active}
                        disabled={!data.canActivate || set.isPending}
                        onChange={(e) => toggle(u, l, e.currentTarget.checked)}
                        aria-label={`${name(l)} ${u.name}`}
                        data-testid={`licence-${u.unitId}-${l}`}
                        data-active={String(active)}
                      />
                    );
                    return data.canActivate ? (
                      control
                    ) : (
                      <Tooltip label={t('permissions.notAvailableForUserType')}>
                        <span data-testid={`licence-readonly-${u.unitId}-${l}`}>{control}</span>
                      </Tooltip>
                    );
                  },
                })),
              ]}
            />
          </Stack>
        )}
      </QueryView>
    </>
  );
}

/**
 * Sizing the inventory's pool of one licence (super users and staff): the licence and its total,
 * checked as the core checks them; the answer (the whole view) replaces the screen's copy.
 */
function LicencePoolSection({ inventoryId, pool }: { readonly inventoryId: string; readonly pool: readonly LicencePoolEntry[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<LicencePoolForm>(EMPTY_LICENCE_POOL, checkLicencePool(pool));
  // Choosing a licence puts its current total in the form.
  const shown: Form<LicencePoolForm> = { ...form, set: (patch) => form.set(withPoolTotal(pool, patch)) };
  const setPool = useToastMutation('setLicencePool', {
    success: (_view, sent) =>
      t('licenceActivation.poolForm.saved', {
        licence: sent.body ? enumLabel(t, 'licenceActivation.names', sent.body.serviceName) : '',
        total: sent.body?.total,
      }),
    onSuccess: (view) => {
      form.saved();
      queryClient.setQueryData<LicenceActivationView>(endpointKey('getLicenceActivation', { params: { id: view.inventoryId } }), view);
    },
    onError: (e) => form.failed(e),
  });
  const save = () => {
    const values = form.submit();
    if (values === null) return;
    const body = licencePoolBody(values);
    const licence = ACTIVATABLE_LICENCES.find((l) => l === body.serviceName);
    if (licence !== undefined) setPool.mutate({ params: { id: inventoryId }, body: { serviceName: licence, total: body.total } });
  };
  return (
    <Card withBorder padding="sm" data-testid="licence-pool-form">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('licenceActivation.poolForm.title')}
        </Text>
        <ErrorAlert error={!hasErrors(form.errors) && form.error} testId="licence-pool-form-failure" />
        <ResourceForm fields={LICENCE_POOL_FIELDS} form={shown} testId="licence-pool-form" isNew={false} />
        <ModalFooter testId="licence-pool-form" onSave={save} onCancel={form.reset} saving={setPool.isPending} />
      </Stack>
    </Card>
  );
}
