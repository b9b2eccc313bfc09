import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS, VALIDATION } from '@fleet/contracts';
import type { ChannelDetails, Role, StreamingDestinationInfo } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import ChannelModal from './ChannelModal';
import ChannelsPage from './Channels.page';
import { makeChannel } from '../../test-utils/channels';
import { makeChannelDetails } from '../../test-utils/channelDetails';

const STAMP = { channelId: 'ch1', version: 3, updatedAt: '2026-01-10T09:00:00.000Z' };

function details(): ChannelDetails {
  return makeChannelDetails(makeChannel({ channelId: 'ch1', channelName: 'Studio_out', serverId: 'srv1', serverName: 'hub_1' }));
}

function core(): FakeApi {
  return new FakeApi()
    .on('fetchChannelDetails', { channels: [details()] })
    .on('getChannelStatus', { channelId: 'ch1', status: 'collecting', online: true, offline: false, busy: true, allocatedToUnitUid: 'unit-42', uptime: 120 })
    .on('getChannelIps', { channelId: 'ch1', serverId: 'srv1', ips: ['10.1.2.3', { ip: '192.0.2.7', name: 'eth1' }] })
    .on('getChannelCapabilities', { channelId: 'ch1', capabilities: { fourK: true, model: 'LU800' } });
}

async function open(tab: string, roles: Role[], api: FakeApi) {
  const rendered = await renderWithApp(<ChannelModal channelId="ch1" onClose={() => undefined} />, { roles, api, route: `/channels?channel=ch1&tab=${tab}` });
  await screen.findByTestId(`channel-panel-${tab}`);
  return rendered;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the manage-channel modal: Details tab', () => {
  it('shows the live status, the addresses and the capabilities of the channel', async () => {
    const { api } = await open('details', ['luc_read'], core());
    expect(await screen.findByTestId('channel-details-status-value')).toHaveTextContent('Collecting (live)');
    expect(screen.getByTestId('channel-details-status')).toHaveTextContent('unit-42');
    expect(screen.getByTestId('channel-details-status')).toHaveTextContent('120 s');
    const ips = await screen.findAllByTestId('channel-details-ip');
    expect(ips.map((e) => e.textContent)).toEqual(['10.1.2.3', '192.0.2.7 (eth1)']);
    const caps = await screen.findByTestId('channel-details-capabilities-rows');
    expect(caps).toHaveTextContent('fourK');
    expect(caps).toHaveTextContent('LU800');
    expect(api.calls('getChannelStatus')[0]?.params).toEqual({ id: 'ch1' });
    expect(api.calls('getChannelIps')).toHaveLength(1);
  });

  it('shows what the server reports about the channel: software and LiveU versions, server product, unit support, product, file transfer', async () => {
    const channel = makeChannel({
      channelId: 'ch1',
      channelName: 'Studio_out',
      serverId: 'srv1',
      serverName: 'hub_1',
      swVersion: '10.1.0',
      liveuVersion: '7.5.1',
      serverProductType: 'Multimedia Hub',
      supportedByUnit: false,
      assignment: { productId: 'PRD-7' },
      fileTransfer: { path: '/media/clip.mp4', status: 'transferring' },
      fetchedRtmpData: { app: 'live', streamKey: 'abc' },
    });
    await open('details', ['luc_read'], core().on('fetchChannelDetails', { channels: [makeChannelDetails(channel)] }));
    const facts = await screen.findByTestId('channel-details-facts-rows');
    for (const text of ['Software version10.1.0', 'LiveU version7.5.1', 'Server productMultimedia Hub', 'Supported by unitsNo', 'Assigned productPRD-7']) {
      expect(facts).toHaveTextContent(text);
    }
    expect(facts).toHaveTextContent('/media/clip.mp4 — transferring');
    expect(facts).toHaveTextContent('RTMP data fetchedapp: live, streamKey: abc');
  });

  it('a failed capabilities read shows no capabilities and a retry that reads them again (spec 000 §8)', async () => {
    let fail = true;
    const api = core().on('getChannelCapabilities', () => (fail ? apiError('GENERIC') : { channelId: 'ch1', capabilities: { sdi: true } }));
    const { user } = await open('details', ['luc_read'], api);
    expect(await screen.findByTestId('channel-details-capabilities-error')).toBeVisible();
    expect(screen.getByTestId('channel-details-capabilities-empty')).toHaveTextContent('No capabilities.');
    fail = false;
    await user.click(screen.getByTestId('channel-details-capabilities-retry'));
    expect(await screen.findByTestId('channel-details-capabilities-rows')).toHaveTextContent('sdi');
    expect(screen.queryByTestId('channel-details-capabilities-error')).not.toBeInTheDocument();
    expect(api.calls('getChannelCapabilities')).toHaveLength(2);
  });

  it('reads the WebRTC preview servers when asked and keeps them until they expire (spec 001 §9)', async () => {
    const api = core().on('getStunTurnInfo', ({ query }) => ({
      identifier: query.identifier,
      iceServers: [{ urls: ['turn:turn.example:3478'], username: 'u1', credential: 'c' }],
      turnExpiration: 3600,
    }));
    const { user, queryClient } = await open('details', ['luc_read'], api);
    expect(api.calls('getStunTurnInfo')).toHaveLength(0);
    await user.click(await screen.findByTestId('channel-details-webrtc-load'));
    expect(await screen.findByTestId('channel-details-webrtc-server')).toHaveTextContent('turn:turn.example:3478 (user u1)');
    expect(screen.getByTestId('channel-details-webrtc-valid')).toHaveTextContent('Valid until');
    expect(api.calls('getStunTurnInfo')[0]?.query.get('identifier')).toBe('ch1');
    const cached = queryClient.getQueryCache().findAll({ queryKey: ['getStunTurnInfo'] });
    expect(cached).toHaveLength(1);
    expect(cached[0]?.isStale()).toBe(false);

    // Kept until turnExpiration × 1000 ms have passed: the tab opened again shows them without a read, then reads again.
    vi.useFakeTimers({ toFake: ['Date'] });
    const reopen = async () => {
      await user.click(screen.getByTestId('channel-tab-general'));
      await user.click(screen.getByTestId('channel-tab-details'));
      expect(await screen.findByTestId('channel-details-webrtc-server')).toBeVisible();
    };
    vi.setSystemTime(Date.now() + 3600 * 1000 - 1000);
    await reopen();
    expect(api.calls('getStunTurnInfo')).toHaveLength(1);
    vi.setSystemTime(Date.now() + 1001);
    await reopen();
    await waitFor(() => expect(api.calls('getStunTurnInfo')).toHaveLength(2));
  });
});

describe('the manage-channel modal: SMPTE 2110 tab', () => {
  it('keeps the SMPTE metadata read 60 s: the tab opened again within it reads nothing, after it reads again', async () => {
    const api = core().on('getChannelSmpte', { ...STAMP, enabled: true, flows: [], smpteMetadata: { isConfigured: false } });
    const { user } = await open('smpte', ['luc_admin'], api);
    expect(await screen.findByTestId('channel-smpte-configured')).toHaveTextContent('Not configured');
    expect(api.calls('getChannelSmpte')).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['Date'] });

    const reopen = async () => {
      await user.click(screen.getByTestId('channel-tab-details'));
      await screen.findByTestId('channel-details-status-value');
      await user.click(screen.getByTestId('channel-tab-smpte'));
      await screen.findByTestId('channel-smpte-configured');
    };
    vi.setSystemTime(Date.now() + TIMINGS.smpteMetadataCacheMs - 1000);
    await reopen();
    expect(api.calls('getChannelSmpte')).toHaveLength(1);

    vi.setSystemTime(Date.now() + 1000);
    await reopen();
    await waitFor(() => expect(api.calls('getChannelSmpte')).toHaveLength(2));
  });
});

describe('the manage-channel modal: ingest, multipoint and ffmpeg reads', () => {
  it('the Ingest tab shows the association as channels/{id}/ingest_association answers it', async () => {
    const api = core().on('getChannelIngestAssociation', { channelId: 'ch1', associated: true, serverId: 'ing1', serverName: 'ingest_east', inputKind: 'srt' });
    await open('ingest', ['luc_read'], api);
    await waitFor(() => expect(screen.getByTestId('channel-ingest')).toHaveTextContent('ingest_east'));
    expect(screen.getByTestId('channel-ingest')).toHaveTextContent('srt');
    expect(api.calls('getChannelIngestAssociation')[0]?.params).toEqual({ id: 'ch1' });
  });

  it('admins see the receivers of the admin ptmp read, joined with what the server reports', async () => {
    const api = core().on('getAdminChannelPtmp', {
      uniqueID: 'ch1',
      channelName: 'Studio_out',
      serverId: 'srv1',
      ptmpLu100: false,
      machines: [{ uid: 'u1' }],
      ptmpStatuses: [{ uid: 'u1', status: 'connected', bitrate: 3000 }],
      ptmpDelay: 800,
    });
    await open('multipoint', ['super_user'], api);
    const row = await screen.findByTestId('channel-multipoint-admin-u1');
    expect(row).toHaveTextContent('connected');
    expect(row).toHaveTextContent('3000');
  });

  it('users who are not admins get no admin ptmp or admin ffmpeg read', async () => {
    const api = core().on('getChannelFfmpeg', { ...STAMP, enabled: false, override: '' });
    const { settled } = await open('multipoint', ['luc_regular'], api);
    await settled();
    expect(screen.queryByTestId('channel-multipoint-admin')).not.toBeInTheDocument();
    expect(api.calls('getAdminChannelPtmp')).toHaveLength(0);
  });

  it('admins change the ffmpeg override through the admin call, beside the ordinary form', async () => {
    const api = core()
      .on('fetchChannelDestinations', { channelId: 'ch1', destinations: [] })
      .on('getChannelFfmpeg', { ...STAMP, enabled: false, override: '' })
      .on('getAdminChannelFfmpeg', { ...STAMP, enabled: false, override: '' })
      .on('updateAdminChannelFfmpeg', ({ body }) => ({ ...STAMP, version: 4, enabled: body.enabled, override: body.override }));
    const { user } = await open('destinations', ['super_user'], api);
    const form = await screen.findByTestId('channel-form-adminFfmpeg');
    expect(screen.getByTestId('channel-form-ffmpeg')).toBeVisible();
    await user.click(within(form).getByTestId('channel-adminFfmpeg-enabled'));
    await user.type(within(form).getByTestId('channel-adminFfmpeg-override'), '-c copy');
    await user.click(within(form).getByTestId('channel-apply-adminFfmpeg'));
    await waitFor(() => expect(api.calls('updateAdminChannelFfmpeg')).toHaveLength(1));
    const [call] = api.calls('updateAdminChannelFfmpeg');
    expect(call?.params).toEqual({ id: 'ch1' });
    expect(call?.body).toEqual({ enabled: true, override: '-c copy', version: 3 });
    expect(await screen.findByTestId('toasts')).toHaveTextContent('Channel Studio_out saved');
  });
});

describe('the manage-channel modal: Destinations tab', () => {
  it('checks a new SRT destination in the spec’s words before sending: the source port, the passphrase and the bitrate', async () => {
    const api = core()
      .on('fetchChannelDestinations', { channelId: 'ch1', destinations: [] })
      .on('fetchStreamMediaProfiles', { profiles: [] })
      .on('getChannelFfmpeg', { ...STAMP, enabled: false, override: '' });
    const { user } = await open('destinations', ['luc_regular'], api);

    await user.selectOptions(await screen.findByTestId('channel-destination-type'), 'srt');
    await fill(user, screen.getByTestId('channel-destination-name'), 'srt_venue');
    await fill(user, screen.getByTestId('channel-destination-provider'), 'Venue');
    await fill(user, screen.getByTestId('channel-destination-urlPrimary'), 'srt://203.0.113.7:9000');
    await fill(user, screen.getByTestId('channel-destination-sourcePort'), '555');
    await fill(user, screen.getByTestId('channel-destination-passphrase'), 'short');
    await fill(user, screen.getByTestId('channel-destination-bitrate'), '1999');
    await user.click(screen.getByTestId('channel-apply-destination'));

    expect(await screen.findByTestId('channel-error-destination.destination.sourcePort')).toHaveTextContent(VALIDATION.sourcePortRange);
    expect(screen.getByTestId('channel-error-destination.destination.passphrase')).toBeVisible();
    expect(screen.getByTestId('channel-error-destination.destination.bitrate')).toHaveTextContent(VALIDATION.minValue(2000));
    expect(api.calls('addChannelDestination')).toHaveLength(0);
  }, 20_000);
});

describe('the manage-channel modal: destinations changed elsewhere', () => {
  it('the open destinations tab shows a destination added elsewhere and drops it once removed, read again on /ws', async () => {
    const destination: StreamingDestinationInfo = {
      id: 'd1',
      channelId: 'ch1',
      type: 'mpegts',
      name: 'ts_elsewhere',
      provider: 'Venue_elsewhere',
      streamType: 'main',
      urlPrimary: null,
      urlSecondary: null,
      streamId: null,
      username: null,
      hasPassword: false,
      videoProfile: null,
      bitrate: null,
      resolution: null,
      frameRate: null,
      srtMode: null,
      sourcePort: null,
      hasPassphrase: false,
      latency: null,
      mpegTsIp: '10.20.30.40',
      mpegTsPort: 5000,
      mpegTsBitrate: 4000,
      ffmpegOverride: null,
      active: false,
      version: 1,
      updatedAt: '2026-01-10T09:00:00.000Z',
    };
    let stored: StreamingDestinationInfo[] = [];
    const api = core()
      .on('fetchChannels', { channels: [details().channel], counters: countChannels([details().channel]) })
      .on('fetchChannelDestinations', () => ({ channelId: 'ch1', destinations: stored }))
      .on('fetchStreamMediaProfiles', { profiles: [] })
      .on('getChannelFfmpeg', { ...STAMP, enabled: false, override: '' });
    const { socket, settled } = await renderWithApp(<ChannelsPage />, { roles: ['luc_read'], api, route: '/channels?channel=ch1&tab=destinations' });
    const panel = await screen.findByTestId('channel-panel-destinations');
    await waitFor(() => expect(api.calls('fetchChannelDestinations')).toHaveLength(1));
    await settled();

    stored = [destination];
    await socket.emit({ type: 'channelDestinations.changed', channelId: 'ch1', at: 1 });
    await waitFor(() => expect(panel).toHaveTextContent('Venue_elsewhere'));
    stored = [];
    await socket.emit({ type: 'channelDestinations.changed', channelId: 'ch1', at: 2 });
    await waitFor(() => expect(panel).not.toHaveTextContent('ts_elsewhere'));
  }, 20_000);
});

describe('the manage-channel modal: a read-only user', () => {
  it('sees every tab with no write control, and the logs not available for the user type', async () => {
    const api = core()
      .on('getChannelIngestAssociation', details().ingest)
      .on('getChannelOverlay', { ...STAMP, overlay: null })
      .on('getChannelSmpte', { ...STAMP, enabled: true, flows: [], smpteMetadata: { isConfigured: false } })
      .on('fetchChannelDestinations', { channelId: 'ch1', destinations: [] })
      .on('fetchStreamMediaProfiles', { profiles: [] })
      .on('getChannelFfmpeg', { ...STAMP, enabled: false, override: '' })
      .on('fetchSocialMediaDetails', {
        ...STAMP,
        provider: 'facebook',
        enabled: false,
        pageId: null,
        title: '',
        description: '',
        privacy: 'public',
        hasAccessToken: true,
      });
    const { user } = await open('general', ['luc_read'], api);

    const modal = screen.getByTestId('channel-modal');
    expect(modal).toHaveAttribute('data-read-only', 'true');
    expect(screen.getByTestId('channel-apply-unavailable-general')).toHaveTextContent('Not available for your user type');
    expect(screen.getByTestId('channel-general-name')).toBeDisabled();
    expect(screen.getByTestId('channel-logs-unavailable')).toHaveTextContent('Not available for your user type');
    expect(screen.queryByTestId('channel-logs-start')).not.toBeInTheDocument();
    const writeControls = () =>
      within(modal)
        .queryAllByTestId(/^channel-(apply-|destination-remove-|destination-edit-|overlay-upload$)/)
        .filter((el) => !/^channel-(apply|destination-remove)-unavailable-/.test(el.getAttribute('data-testid') ?? ''));
    for (const tab of ['multipoint', 'ndi', 'streaming', 'overlay', 'smpte', 'tally', 'audio', 'ingest', 'destinations', 'social']) {
      await user.click(screen.getByTestId(`channel-tab-${tab}`));
      const panel = await screen.findByTestId(`channel-panel-${tab}`);
      // The tab's reads have answered (its forms or tables are shown) before counting controls.
      await waitFor(() => expect(within(panel).queryAllByTestId(/^channel-/).length).toBeGreaterThan(0));
      await waitFor(() => expect(within(panel).queryAllByRole('progressbar')).toHaveLength(0));
      expect(writeControls(), tab).toHaveLength(0);
    }
    expect(api.calls('getChannelOverlay')).toHaveLength(1);
    expect(api.calls('fetchChannelDestinations')).toHaveLength(1);
    expect(api.calls('fetchSocialMediaDetails')).toHaveLength(1);
  }, 30_000);
});

describe('the manage-channel modal: Facebook go-live', () => {
  it('reads the go-live settings and saves them at the version read, the access token kept write-only', async () => {
    const api = core()
      .on('fetchSocialMediaDetails', {
        ...STAMP,
        provider: 'facebook',
        enabled: false,
        pageId: null,
        title: '',
        description: '',
        privacy: 'public',
        hasAccessToken: true,
      })
      .on('updateSocialMediaDetails', ({ body }) => ({
        ...STAMP,
        version: 4,
        provider: 'facebook',
        enabled: body.enabled,
        pageId: body.pageId ?? null,
        title: body.title,
        description: body.description,
        privacy: body.privacy,
        hasAccessToken: true,
      }));
    const { user } = await open('social', ['luc_regular'], api);
    await user.click(await screen.findByTestId('channel-social-enabled'));
    await user.type(screen.getByTestId('channel-social-pageId'), 'newsroom-page');
    await user.type(screen.getByTestId('channel-social-title'), 'Evening news');
    await user.click(screen.getByTestId('channel-apply-social'));
    await waitFor(() => expect(api.calls('updateSocialMediaDetails')).toHaveLength(1));
    expect(api.calls('updateSocialMediaDetails')[0]?.body).toMatchObject({
      channelId: 'ch1',
      enabled: true,
      pageId: 'newsroom-page',
      title: 'Evening news',
      version: 3,
    });
    expect(api.calls('updateSocialMediaDetails')[0]?.body).not.toHaveProperty('accessToken');
  });
});
