/**
 * The admin unit modal's own tabs (spec 000 §7 admin unit reads and calls; §4 activities; §9 smart
 * unit bandwidth limit; §8 upgrade codes):
 *
 * - Activity: what the unit runs now (GET v2/admin/units/{id}/applications: each running activity
 *   and its state, busy, streaming) and, for an LU-Smart unit, its settings (GET
 *   v2/admin/smartunit/{id}: country, bandwidth limit, pairing code mode, licence, the invitation
 *   it joined with);
 * - Software and registration: the version the unit upgrades to, set or cleared (PUT
 *   targetSwVersion; a refusal — 6802 not allowed, 6803, 6810, the server offline or busy — under
 *   the field in the core's words), and the deregistration after a confirmation (POST
 *   deregistration: out of every inventory and group; refused while busy).
 *
 * Test ids: `unit-activity`, `-loading`, `-error`, `-state`, `-app-<activity>`, `-none`;
 * `unit-smart`, `-loading`, `-error`; `unit-software`, `unit-target-<field>`, `-save`, `-clear`,
 * `-form-error`, `-error.targetSwVersion`; `unit-deregister`, `-start`, `-confirm`, `-error`.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SetTargetSwVersionBody } from '@fleet/contracts';
import type { UnitDetail, SmartUnitDetail, UnitApplicationsInfo } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { QueryView } from '../../components/QueryView';
import { useForm } from '../../lib/forms/useForm';
import { FormPanel, InfoSection, ListTable, MutedText, NameValues, schemaCheck, useCanApply, useCanCall, useToastMutation, type Field } from '../../kit';
import { invalidateReads, SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';
import { unitStatusLabel } from '../../lib/statusLabels';
import { dateText } from '../../lib/dateFormat';

export function UnitActivityTab({ unit }: { readonly unit: UnitDetail }) {
  const { t } = useTranslation();
  const applications = useEndpointQuery('getAdminUnitApplications', { params: { id: unit.uniqueId } });
  const maySeeSmart = useCanCall('getAdminSmartUnit');
  return (
    <Stack gap="md">
      <QueryView query={applications} testIdPrefix="unit-activity" errorTitle={t('systemEntities.units.activity.loadError')}>
        {(info) => <Applications info={info} />}
      </QueryView>
      {unit.typeGroup === 'smartUnits' && maySeeSmart && <SmartUnit id={unit.uniqueId} />}
    </Stack>
  );
}

function Applications({ info }: { readonly info: UnitApplicationsInfo }) {
  const { t } = useTranslation();
  const running = Object.entries(info.applications);
  const yesNo = (value: boolean) => t(value ? 'systemEntities.units.yes' : 'systemEntities.units.no');
  return (
    <InfoSection testId="unit-activity" title={t('systemEntities.units.activity.title')}>
      <NameValues
        testId="unit-activity-state"
        rows={[
          [t('systemEntities.units.status'), <Badge variant="light">{unitStatusLabel(t, info.status)}</Badge>],
          [t('systemEntities.units.activity.busy'), yesNo(info.busy)],
          [t('systemEntities.units.activity.streaming'), yesNo(info.streaming)],
        ]}
      />
      {running.length === 0 ? (
        <MutedText testId="unit-activity-none">{t('systemEntities.units.activity.none')}</MutedText>
      ) : (
        <ListTable
          items={running}
          columns={[
            { id: 'application', header: t('systemEntities.units.activity.application'), render: ([key]) => key },
            { id: 'state', header: t('systemEntities.units.activity.state'), render: ([, app]) => app?.state },
          ]}
          rowKey={([key]) => key}
          testIdPrefix="unit-activity"
          rowTestId={([key]) => `unit-activity-app-${key}`}
          striped={false}
          minWidth={0}
        />
      )}
    </InfoSection>
  );
}

function SmartUnit({ id }: { readonly id: string }) {
  const { t } = useTranslation();
  const smart = useEndpointQuery('getAdminSmartUnit', { params: { id } });
  return (
    <QueryView query={smart} testIdPrefix="unit-smart" errorTitle={t('systemEntities.units.smart.loadError')}>
      {(unit) => (
        <InfoSection testId="unit-smart" title={t('systemEntities.units.smart.title')}>
          <NameValues
            rows={[
              [t('systemEntities.units.smart.country'), unit.country],
              [
                t('systemEntities.units.smart.bandwidthLimit'),
                unit.bandwidthLimitKbps === 0
                  ? t('systemEntities.units.smart.noLimit')
                  : t('systemEntities.units.smart.kbps', { value: unit.bandwidthLimitKbps }),
              ],
              [t('systemEntities.units.smart.pairingCodeMode'), t(unit.pairingCodeMode ? 'systemEntities.units.yes' : 'systemEntities.units.no')],
              [
                t('systemEntities.units.smart.licence'),
                t(unit.license.valid ? 'systemEntities.units.smart.licenceValid' : 'systemEntities.units.smart.licenceInvalid'),
              ],
              [t('systemEntities.units.smart.invitation'), <Invitation invitation={unit.invitation} />],
            ]}
          />
        </InfoSection>
      )}
    </QueryView>
  );
}

function Invitation({ invitation }: { readonly invitation: SmartUnitDetail['invitation'] }) {
  const { t } = useTranslation();
  if (invitation === null) return t('systemEntities.units.smart.noInvitation');
  const expires = invitation.expiresAt == null ? '—' : dateText(invitation.expiresAt, (d) => d.toLocaleString());
  return t('systemEntities.units.smart.invitationValue', { plan: invitation.planType, expires });
}

interface TargetForm {
  readonly targetSwVersion: string;
}

const TARGET_FIELDS: readonly Field<TargetForm>[] = [{ name: 'targetSwVersion', kind: 'text', label: 'systemEntities.units.software.target', required: true }];
const checkTarget = schemaCheck(TARGET_FIELDS, SetTargetSwVersionBody, (form: TargetForm) => ({ targetSwVersion: form.targetSwVersion.trim() }));

export function UnitSoftwareTab({ unit }: { readonly unit: UnitDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="unit-software">
      <InfoSection title={t('systemEntities.units.software.title')}>
        <NameValues
          rows={[
            [t('systemEntities.units.swVersion'), unit.swVersion],
            [t('systemEntities.units.software.target'), unit.targetSwVersion ?? t('systemEntities.units.software.none')],
          ]}
        />
        <TargetVersion unit={unit} />
      </InfoSection>
      <Deregistration unit={unit} />
    </Stack>
  );
}

/** After a write to the unit: its reads (the modal's, the lists, its associations) read again. */
function useUnitChanged(): () => void {
  const queryClient = useQueryClient();
  return () => invalidateReads(queryClient, SYSTEM_ENTITY_READS.unit);
}

function TargetVersion({ unit }: { readonly unit: UnitDetail }) {
  const { t } = useTranslation();
  const changed = useUnitChanged();
  const mayWrite = useCanApply('setAdminUnitTargetSwVersion');
  const form = useForm<TargetForm>({ targetSwVersion: unit.targetSwVersion ?? '' }, checkTarget);
  const set = useToastMutation('setAdminUnitTargetSwVersion', {
    success: (saved) =>
      saved.targetSwVersion == null
        ? t('systemEntities.units.software.cleared', { name: saved.name })
        : t('systemEntities.units.software.set', { name: saved.name, version: saved.targetSwVersion }),
    onSuccess: () => {
      form.saved();
      changed();
    },
    onError: (e) => form.failed(e),
  });
  const send = (target: string | null) => set.mutate({ params: { id: unit.uniqueId }, body: { targetSwVersion: target } });
  const save = () => {
    const values = form.submit();
    if (values) send(values.targetSwVersion.trim());
  };
  if (!mayWrite) return null;
  return (
    <FormPanel
      form={form}
      fields={TARGET_FIELDS}
      testId="unit-target"
      onSave={save}
      onCancel={form.reset}
      saving={set.isPending}
      left={
        unit.targetSwVersion != null && (
          <Button variant="default" onClick={() => send(null)} loading={set.isPending} data-testid="unit-target-clear">
            {t('systemEntities.units.software.clear')}
          </Button>
        )
      }
    />
  );
}

function Deregistration({ unit }: { readonly unit: UnitDetail }) {
  const { t } = useTranslation();
  const changed = useUnitChanged();
  const mayDeregister = useCanApply('deregisterAdminUnit');
  const [asking, setAsking] = useState(false);
  const deregister = useToastMutation('deregisterAdminUnit', {
    success: (done) =>
      t('systemEntities.units.deregister.done', { name: unit.name, inventories: done.removedInventoryIds.length, groups: done.removedGroupIds.length }),
    onSuccess: () => {
      setAsking(false);
      changed();
    },
    // A refusal shows in the section (its alert), not as a toast.
    onError: () => undefined,
  });
  if (!mayDeregister) return null;
  return (
    <InfoSection testId="unit-deregister" title={t('systemEntities.units.deregister.title')}>
      <Text size="sm">{t('systemEntities.units.deregister.hint')}</Text>
      <ErrorAlert error={deregister.error} testId="unit-deregister-error" />
      <Group justify="flex-end" gap="xs">
        {asking ? (
          <>
            <Text size="sm">{t('systemEntities.units.deregister.question')}</Text>
            <Button
              color="red"
              loading={deregister.isPending}
              onClick={() => deregister.mutate({ params: { id: unit.uniqueId } })}
              data-testid="unit-deregister-confirm"
            >
              {t('systemEntities.units.deregister.confirm')}
            </Button>
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('kit.form.cancel')}
            </Button>
          </>
        ) : (
          <Button color="red" variant="light" onClick={() => setAsking(true)} data-testid="unit-deregister-start">
            {t('systemEntities.units.deregister.button')}
          </Button>
        )}
      </Group>
    </InfoSection>
  );
}
