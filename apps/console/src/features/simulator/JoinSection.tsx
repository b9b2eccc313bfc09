/**
 * "Join with a code" for demo and QA staff: a simulated LU-Smart or LU-Lite joins a group with an
 * invitation code (the control plane's `fleet.join`, which makes the core's own POST groups/join).
 * The unit it becomes is run by the simulator like every other; the answer names it, with a link to
 * it in the unit list. Refusals are the core's, in the spec's words.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { JOIN_PRODUCT_TYPES, type JoinProductType } from '@fleet/contracts';
import { joinBody } from '../groups/invitations/JoinWithCode';
import { trpc } from './trpc';
import { ControlPlaneError, SimulatorSection } from './SectionParts';

export function JoinSection() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [deviceName, setDeviceName] = useState('');
  const [productType, setProductType] = useState<JoinProductType>('LU-Smart');
  const join = trpc.fleet.join.useMutation();
  const joined = join.data;
  return (
    <SimulatorSection testId="simulator-join" title={t('simulator.join.title')} intro={t('simulator.join.intro')}>
      <Group align="flex-end">
        <TextInput
          label={t('simulator.join.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="off"
          data-testid="simulator-join-code"
        />
        <TextInput
          label={t('simulator.join.deviceName')}
          value={deviceName}
          onChange={(e) => setDeviceName(e.currentTarget.value)}
          data-testid="simulator-join-name"
        />
        <SegmentedControl
          value={productType}
          onChange={(v) => setProductType(JOIN_PRODUCT_TYPES.find((p) => p === v) ?? productType)}
          data={JOIN_PRODUCT_TYPES.map((p) => ({ value: p, label: p }))}
          data-testid="simulator-join-product"
        />
        <Button
          loading={join.isPending}
          disabled={code.trim() === ''}
          onClick={() => join.mutate(joinBody({ code, deviceName, productType }))}
          data-testid="simulator-join-submit"
        >
          {t('simulator.join.submit')}
        </Button>
      </Group>
      <ControlPlaneError error={join.error} testId="simulator-join-error" />
      {joined && (
        <Alert color="green" data-testid="simulator-join-done" data-unit={joined.unitId}>
          <Stack gap={4}>
            <Text size="sm">{t('simulator.join.done', { unit: joined.unitId, name: joined.name, group: joined.groupName, plan: joined.planType })}</Text>
            <Anchor component={Link} to={`/list?unit=${encodeURIComponent(joined.unitId)}`} size="sm" data-testid="simulator-join-open">
              {t('simulator.join.open')}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </SimulatorSection>
  );
}
