/**
 * The manage-channel modal against the core's refusals (spec 001 §5, §8): the overlay's rule (PNG
 * only, at most 2000x2000 px, 110 KB) shown beside a PNG-only picker, and each overlay file error
 * in the spec's words after an upload; a stream ID another stream uses refused under the field; the
 * 4K flag refused when the channel carries no 4K or the server has no PRO-4K licence.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, VALIDATION } from '@fleet/contracts';
import type { ErrorCode, Role } from '@fleet/contracts';
import { makeChannel } from '../../test-utils/channels';
import { makeChannelDetails } from '../../test-utils/channelDetails';
import { apiError, FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import ChannelModal from './ChannelModal';

const STAMP = { channelId: 'ch1', version: 3, updatedAt: '2026-01-10T09:00:00.000Z' };
const details = makeChannelDetails(makeChannel({ channelId: 'ch1', channelName: 'Studio_out', serverId: 'srv1', serverName: 'hub_1', version: 6 }));

async function open(tab: string, api: FakeApi, roles: Role[] = ['super_user']) {
  const rendered = await renderWithApp(<ChannelModal channelId="ch1" onClose={() => undefined} />, {
    roles,
    api: api.on('fetchChannelDetails', { channels: [details] }),
    route: `/channels?channel=ch1&tab=${tab}`,
  });
  await screen.findByTestId(`channel-panel-${tab}`);
  return rendered;
}

describe('Validation and errors: the overlay file', () => {
  it('states the rule beside a picker that offers PNG files only', async () => {
    await open('overlay', new FakeApi().on('getChannelOverlay', { ...STAMP, overlay: null }));
    const form = await screen.findByTestId('channel-form-overlay');
    expect(form).toHaveTextContent('PNG only, at most 2000x2000 px, 110 KB');
    const picker = form.querySelector('input[type="file"]');
    expect(picker).toHaveAttribute('accept', 'image/png');
  });

  it.each<ErrorCode>(['OVERLAY_TOO_BIG', 'OVERLAY_EXISTS', 'OVERLAY_TYPE', 'OVERLAY_RESOLUTION'])(
    'shows the core refusing the upload with %s in the spec words, the overlay unchanged',
    async (code) => {
      const api = new FakeApi().on('getChannelOverlay', { ...STAMP, overlay: null }).on('setChannelOverlay', () => apiError(code));
      const { user } = await open('overlay', api);
      const form = await screen.findByTestId('channel-form-overlay');
      const picker = form.querySelector<HTMLInputElement>('input[type="file"]');
      if (picker === null) throw new Error('no file input');
      await user.upload(picker, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
      await user.click(screen.getByTestId('channel-overlay-upload'));

      expect(await screen.findByTestId('channel-failure-overlay')).toHaveTextContent(ERROR_CATALOGUE[code].message);
      expect(api.calls('setChannelOverlay')[0]?.body).toEqual({ fileName: 'logo.png', dataBase64: 'iVBORw==', replace: true });
      expect(screen.getByTestId('channel-overlay-current')).toHaveTextContent('No overlay.');
    },
  );
});

describe('Validation: a stream ID must be unique between streams', () => {
  it('shows the core refusing a stream ID another stream uses under the stream ID field', async () => {
    const api = new FakeApi()
      .on('fetchChannelDestinations', { channelId: 'ch1', destinations: [] })
      .on('fetchStreamMediaProfiles', { profiles: [] })
      .on('getChannelFfmpeg', { ...STAMP, enabled: false, override: '' })
      .on('addChannelDestination', () => fieldErrors([{ path: 'body.destination.streamId', message: VALIDATION.streamIdUnique }]));
    const { user } = await open('destinations', api, ['luc_regular']);

    await user.selectOptions(await screen.findByTestId('channel-destination-type'), 'cdn');
    await fill(user, screen.getByTestId('channel-destination-name'), 'cdn_main');
    await fill(user, screen.getByTestId('channel-destination-provider'), 'Akamai');
    await fill(user, screen.getByTestId('channel-destination-urlPrimary'), 'rtmp://203.0.113.7/live');
    await fill(user, screen.getByTestId('channel-destination-streamId'), 'stream-1');
    await user.click(screen.getByTestId('channel-apply-destination'));

    await waitFor(() => expect(api.calls('addChannelDestination')).toHaveLength(1));
    expect(api.calls('addChannelDestination')[0]?.body).toMatchObject({ destination: { streamId: 'stream-1' } });
    expect(await screen.findByTestId('channel-error-destination.destination.streamId')).toHaveTextContent('Stream ID must be unique between streams');
  });
});

describe('Errors: no 4K transmission on the channel; PRO-4K license not available', () => {
  it.each<ErrorCode>(['NO_4K_ON_CHANNEL', 'PRO_4K_NOT_AVAILABLE'])('shows the core refusing the 4K flag with %s in the spec words', async (code) => {
    const api = new FakeApi().on('updateAdminChannel', () => apiError(code));
    const { user } = await open('general', api);
    await user.click(await screen.findByTestId('channel-general-fourK'));
    await user.click(screen.getByTestId('channel-apply-general'));

    expect(await screen.findByTestId('channel-failure-general')).toHaveTextContent(ERROR_CATALOGUE[code].message);
    expect(api.calls('updateAdminChannel')[0]?.body).toMatchObject({ fourK: true, version: 6 });
  });
});
