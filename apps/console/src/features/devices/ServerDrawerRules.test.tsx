/**
 * The server detail (spec 001 §2 "Device management: servers", §5 genlock offset, §6 read-only
 * users, §9 IFB delays): the configuration's genlock offset checked in the spec's words before
 * anything is sent, each IFB mode offered with its delay, and a read-only user's detail without
 * write controls.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { Role } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { makeServer, makeServerConfiguration } from '../../test-utils/servers';
import { ServerDrawer } from './ServerDrawer';
import { ServerFacts } from './ServerOverview';

const server = makeServer({ id: 'MMH1' });
const configuration = makeServerConfiguration({ genlockOffset: 10 });

async function openDrawer(roles: Role[], tab: string) {
  const api = new FakeApi()
    .on('getServerStatus', { serverId: 'MMH1', status: 'online', online: true, state: 'running', serverUsage: { cpu: 12, storage: 40 }, upTime: 7200 })
    .on('getMmhServerConfiguration', configuration);
  const rendered = await renderWithApp(<ServerDrawer serverId="MMH1" rows={[server]} onClose={() => undefined} />, {
    roles,
    route: `/devices?server=MMH1&serverTab=${tab}`,
    api,
  });
  await screen.findByTestId('server-detail');
  return rendered;
}

describe('Server detail: the configuration', () => {
  it('offers each IFB mode with its delay, and refuses a genlock offset out of range in the spec’s words, sending nothing', async () => {
    const { user, api } = await openDrawer(['luc_admin'], 'configuration');

    const field = await screen.findByTestId('server-config-genlockOffset');
    const ifb = screen.getByTestId('server-config-ifbMode');
    expect(ifb.querySelector('option[value="V1"]')).toHaveTextContent('V1 (IFB delay 700 ms)');
    expect(ifb.querySelector('option[value="V2"]')).toHaveTextContent('V2 (low delay, 300 ms)');
    await fill(user, field, '600');
    await user.click(screen.getByTestId('channel-apply-server-config'));
    expect(await screen.findByTestId('server-error-config.genlockOffset')).toHaveTextContent(VALIDATION.maxValue(511));
    expect(api.calls('setMmhServerConfiguration')).toHaveLength(0);
    await fill(user, field, '10');
    await waitFor(() => expect(screen.queryByTestId('server-error-config.genlockOffset')).not.toBeInTheDocument());
  }, 20_000);
});

describe('Server detail: a read-only user', () => {
  it('sees the detail and the configuration with no write controls, each said not available for the user type', async () => {
    const { user } = await openDrawer(['luc_read'], 'overview');

    expect(screen.getByTestId('server-detail')).toHaveAttribute('data-read-only', 'true');
    expect(await screen.findByTestId('server-reset-unavailable')).toBeVisible();
    expect(screen.queryByTestId('server-reset-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('channel-apply-server-comment')).not.toBeInTheDocument();
    expect(screen.getByTestId('channel-apply-unavailable-server-comment')).toBeVisible();
    expect(screen.getByTestId('server-comment-input')).toBeDisabled();

    await user.click(screen.getByTestId('server-tab-configuration'));
    expect(await screen.findByTestId('server-config-genlockOffset')).toBeDisabled();
    expect(screen.queryByTestId('channel-apply-server-config')).not.toBeInTheDocument();
    const unavailable = screen.getByTestId('channel-apply-unavailable-server-config');
    await user.hover(unavailable);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not available for your user type');
  }, 20_000);
});

describe('Server detail: what runs on the server (spec 001 §3 Server applications)', () => {
  it('shows each running application, and none for a server that runs nothing', async () => {
    const { unmount } = await renderWithApp(
      <ServerFacts server={makeServer({ id: 'MMH1', applications: { video: { state: 'running' }, videoReturn: { state: 'running' } } })} />,
      { realtime: false },
    );
    expect(screen.getByTestId('server-application-video')).toHaveTextContent('Video');
    expect(screen.getByTestId('server-application-videoReturn')).toHaveTextContent('Video Return');
    expect(screen.getByTestId('server-application-video')).toHaveAttribute('data-state', 'running');
    unmount();
    await renderWithApp(<ServerFacts server={makeServer({ id: 'MMH2', status: 'offline', applications: {} })} />, { realtime: false });
    expect(screen.getByTestId('server-detail-applications')).toHaveTextContent('—');
    expect(screen.queryByTestId('server-application-video')).not.toBeInTheDocument();
  });
});
