/** IP Pipe tab: the unit's IP pipe setting (server, port) and its connection (spec 000 §4 IP pipe states). */
import { Badge, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IpPipeUpdateBody, type UnitConfiguration } from '@fleet/contracts';
import { ipPipeBody, ipPipeForm, validateIpPipeForm, type UnitFacts } from './forms';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useSpecText } from '../../lib/forms/specText';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { FormSection, useAllowed, useConfigContext } from './parts';
import { useConfigAction } from './useConfigAction';

interface TabProps {
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

const STATE_COLOURS = { connecting: 'yellow', connected: 'green', disconnecting: 'yellow', not_connected: 'gray', failed: 'red' } as const;

export default function IpPipeTab({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const text = useSpecText();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: ipPipeForm(config),
    validate: validateIpPipeForm,
    endpoint: 'updateUnitIpPipe',
    schema: IpPipeUpdateBody,
    toBody: ipPipeBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-ipPipe', form.errors);
  const connect = useConfigAction(unitId, 'connectIpPipe');
  const disconnect = useConfigAction(unitId, 'disconnectIpPipe');
  const canConnect = useAllowed('connectIpPipe');
  const hasPipe = unit.capabilities.ipPipe === true;
  const state = config.ipPipe.state;
  const connectedLike = state === 'connected' || state === 'connecting';
  const failure = connect.failure ?? disconnect.failure;
  return (
    <Stack gap="md">
      <FormSection
        formId="ipPipe"
        title={t('unitConfig.ipPipe.title')}
        form={form}
        allowed={useAllowed('updateUnitIpPipe')}
        blocked={hasPipe ? null : t('unitConfig.ipPipe.noCapability')}
      >
        <Switch
          label={t('unitConfig.ipPipe.enabled')}
          checked={form.values.enabled}
          onChange={(e) => form.set({ enabled: e.currentTarget.checked })}
          data-testid="config-ipPipe-enabled"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('unitConfig.ipPipe.serverId')}
            value={form.values.serverId}
            onChange={(e) => form.set({ serverId: e.currentTarget.value })}
            error={error('serverId')}
            data-testid="config-ipPipe-serverId"
          />
          <TextInput
            label={t('unitConfig.ipPipe.port')}
            value={form.values.port}
            onChange={(e) => form.set({ port: e.currentTarget.value })}
            error={error('port')}
            data-testid="config-ipPipe-port"
          />
        </Group>
      </FormSection>
      <Group justify="space-between">
        <Badge color={STATE_COLOURS[state]} data-testid="config-ipPipe-state" data-state={state}>
          {t('unitConfig.ipPipe.state', { state: t(`unitConfig.ipPipe.states.${state}`) })}
        </Badge>
        {canConnect && hasPipe && (
          <Group>
            <Button
              variant="light"
              disabled={connectedLike || !config.ipPipe.enabled}
              loading={connect.pending}
              onClick={() => connect.run(config.ipPipe.serverId ? { serverId: config.ipPipe.serverId } : {})}
              data-testid="config-ipPipe-connect"
            >
              {t('unitConfig.ipPipe.connect')}
            </Button>
            <Button
              variant="light"
              color="red"
              disabled={!connectedLike}
              loading={disconnect.pending}
              onClick={() => disconnect.run()}
              data-testid="config-ipPipe-disconnect"
            >
              {t('unitConfig.ipPipe.disconnect')}
            </Button>
          </Group>
        )}
      </Group>
      {failure !== null && (
        <Text size="sm" c="red" data-testid="config-failure-ipPipe-connection">
          {text(failure)}
        </Text>
      )}
    </Stack>
  );
}
