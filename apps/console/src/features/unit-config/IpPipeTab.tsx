/** IP Pipe tab: the unit's IP pipe setting (server, port) and its connection (spec 000 §4 IP pipe states). */
import { Badge, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ipPipeBody, ipPipeForm } from './forms';
import { ServerPicker } from '../devices/ServerPicker';
import { ConfigCard, ConfigFields, FailureNote, useAllowed, useConfigContext, type TabProps } from './parts';
import { useConfigAction } from './useConfigAction';
import { enumLabel } from '../../lib/tolerant';

const STATE_COLOURS = { connecting: 'yellow', connected: 'green', disconnecting: 'yellow', not_connected: 'gray', failed: 'red' } as const;

export default function IpPipeTab({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const connect = useConfigAction(unitId, 'connectIpPipe');
  const disconnect = useConfigAction(unitId, 'disconnectIpPipe');
  const canConnect = useAllowed('connectIpPipe');
  const hasPipe = unit.capabilities.ipPipe === true;
  const state = config.ipPipe.state;
  const connectedLike = state === 'connected' || state === 'connecting';
  const failure = connect.failure ?? disconnect.failure;
  return (
    <Stack gap="md">
      <ConfigCard
        formId="ipPipe"
        title={t('unitConfig.ipPipe.title')}
        endpoint="updateUnitIpPipe"
        source={ipPipeForm(config)}
        toBody={ipPipeBody}
        blocked={hasPipe ? null : t('unitConfig.ipPipe.noCapability')}
        fields={[{ kind: 'switch', name: 'enabled', label: t('unitConfig.ipPipe.enabled') }]}
        shows={['serverId', 'port']}
      >
        {(form, error) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ServerPicker
              label={t('unitConfig.ipPipe.serverId')}
              value={form.values.serverId}
              onChange={(serverId) => form.set({ serverId })}
              error={error('serverId')}
              data-testid="config-ipPipe-serverId"
            />
            <ConfigFields formId="ipPipe" form={form} error={error} fields={[{ kind: 'text', name: 'port', label: t('unitConfig.ipPipe.port') }]} />
          </SimpleGrid>
        )}
      </ConfigCard>
      <Group justify="space-between">
        <Badge color={STATE_COLOURS[state]} data-testid="config-ipPipe-state" data-state={state}>
          {t('unitConfig.ipPipe.state', { state: enumLabel(t, 'unitConfig.ipPipe.states', state) })}
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
      <FailureNote failure={failure} testId="ipPipe-connection" />
    </Stack>
  );
}
