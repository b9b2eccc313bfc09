/**
 * The unit detail panel's screen rules (spec 000 §4 transmission modes and channel selection, §5
 * validation, §6 roles): Store & Forward disabled without an SD card with its reason, a channel
 * required and a channel the core does not find shown External with the typed id, the multi
 * camera label rule, the configuration modal and the dialogs addressed by the URL, and a read-only
 * user's panel without write buttons.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { Role, UnitDetail } from '@fleet/contracts';
import en from '../../i18n/en.json';
import detailEn from '../../i18n/areas/unitDetail.en.json';
import listEn from '../../i18n/areas/unitList.en.json';
import { FakeApi, apiError, fieldErrors } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import { makeChannel, pickChannel } from '../../test-utils/channels';
import { countChannels } from '@fleet/domain';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0002';

function unitApi(unit: UnitDetail = makeDetail({ uniqueId: UNIT })): FakeApi {
  return new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration: makeUnitConfiguration({ unitUniqueId: UNIT }), refreshIntervalMs: 60_000 })
    .on('getUnitSipAccount', { uniqueId: UNIT, sipAccount: null })
    .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false });
}

async function openPanel(api: FakeApi, roles: Role[], tab = 'camera') {
  const rendered = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, { roles, route: `/list?unit=${UNIT}&tab=${tab}`, api });
  await screen.findByTestId('unit-detail-name');
  return rendered;
}

describe('Unit detail: refusals and validation in the spec’s words', () => {
  it('disables Store & Forward without an SD card, with its reason, and keeps Live offered', async () => {
    await openPanel(unitApi().on('getUnitCapabilities', { capabilities: { sdCard: false } }), ['luc_regular']);
    await waitFor(() => expect(screen.getByTestId('unit-detail-mode-storeAndForward')).toBeDisabled());
    expect(screen.getByTestId('unit-detail-mode-reason-storeAndForward')).toHaveTextContent(detailEn.camera.modeBlockers.noSdCard);
    expect(screen.getByTestId('unit-detail-mode-live')).toBeEnabled();
  }, 20_000);

  it('requires a channel, and shows a chosen channel the core does not find as External with its name', async () => {
    const listed = [makeChannel({ channelId: 'MMH-0009-CH1', channelName: 'MMH-9-CH1', serverName: 'Hub_far', inventoryIds: ['inv1'] })];
    const api = unitApi()
      .on('fetchChannels', { channels: listed, counters: countChannels(listed) })
      .on('commandSetVirtualChannel', fieldErrors([{ path: 'body.channelId', message: VALIDATION.invalidField }]));
    const { user } = await openPanel(api, ['luc_regular']);

    await user.click(screen.getByTestId('unit-detail-channel-apply'));
    expect(await screen.findByText(VALIDATION.required)).toBeVisible();
    expect(api.calls('commandSetVirtualChannel')).toHaveLength(0);

    await pickChannel(user, screen.getByTestId('unit-detail-channel-input'), 'MMH-9-CH1');
    await user.click(screen.getByTestId('unit-detail-channel-apply'));
    expect(await screen.findByTestId('unit-detail-channel-result')).toHaveAttribute('data-outcome', 'external');
    expect(api.calls('commandSetVirtualChannel')[0]?.body).toEqual({ channelId: 'MMH-0009-CH1' });
    expect(screen.getByTestId('unit-detail-channel')).toHaveAttribute('data-external', 'true');
    expect(screen.getByTestId('unit-detail-channel')).toHaveTextContent(listEn.channel.externalWithId.replace('{{channel}}', 'MMH-9-CH1'));
  }, 20_000);

  it('refuses a multi camera label of more than 12 characters and sends nothing', async () => {
    const api = unitApi();
    const { user } = await openPanel(api, ['luc_regular'], 'multiCamera');

    await fill(user, await screen.findByTestId('unit-detail-multicamera-label-1'), 'A-label-far-too-long');
    await user.click(screen.getByTestId('unit-detail-multicamera-save'));
    expect(await screen.findByText(VALIDATION.maxChars(12))).toBeVisible();
    expect(api.calls('updateUnitMultipleCamera')).toHaveLength(0);
  }, 20_000);
});

describe('Unit detail: video return on the unit without its licence', () => {
  it('shows the core’s refusal in the catalogue’s words', async () => {
    const api = unitApi().on('updateUnitVideoReturn', apiError('NO_VIDEO_RETURN_LICENSE'));
    const { user } = await openPanel(api, ['luc_regular'], 'videoReturn');

    await user.click(within(await screen.findByTestId('unit-detail-videoreturn-output')).getByText(detailEn.videoReturn.outputs.hdmi));
    expect(await screen.findByTestId('unit-detail-videoreturn-setting-error-message')).toHaveTextContent(en.apiErrors.NO_VIDEO_RETURN_LICENSE);
    expect(api.calls('updateUnitVideoReturn')).toHaveLength(1);
  }, 20_000);
});

describe('Unit detail: the configuration modal and the dialogs in the URL', () => {
  it('opens the configuration modal through the URL and closes it on the way back; a dialog of the menu goes in the URL beside the unit and opens', async () => {
    const { user, router } = await openPanel(unitApi(), ['luc_regular']);

    await user.click(screen.getByTestId('unit-detail-configure'));
    await waitFor(() => expect(router.state.location.search).toMatch(/[?&]config=/));
    expect(await screen.findByTestId('unit-config')).toBeVisible();
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByTestId('unit-config')).not.toBeInTheDocument());
    expect(router.state.location.search).not.toMatch(/[?&]config=/);

    await user.click(screen.getByTestId('unit-detail-dialogs-menu'));
    await user.click(await screen.findByTestId('unit-detail-dialog-speedTest'));
    await waitFor(() => expect(router.state.location.search).toMatch(/[?&]dialog=speedTest(&|$)/));
    expect(router.state.location.search).toMatch(new RegExp(`[?&]unit=${UNIT}(&|$)`));
    expect(await screen.findByTestId('dialog-speedTest')).toBeVisible();
  }, 20_000);
});

describe('Unit detail: a read-only user', () => {
  it('sees the unit but no write buttons: no stream start or stop, channel, mode, intercom changes, nor dialogs that act', async () => {
    const { user } = await openPanel(unitApi(), ['luc_read']);

    expect(screen.getByTestId('unit-detail-stream-state')).toBeVisible();
    expect(screen.getByTestId('unit-detail-mode-value')).toBeVisible();
    for (const control of ['unit-detail-stream-start', 'unit-detail-stream-stop', 'unit-detail-channel-apply', 'unit-detail-mode'])
      expect(screen.queryByTestId(control)).not.toBeInTheDocument();

    await user.click(screen.getByTestId('unit-detail-tab-intercom'));
    const intercom = await screen.findByTestId('unit-detail-intercom');
    expect(within(intercom).queryAllByTestId(/^unit-detail-intercom-.*-save$/)).toHaveLength(0);
    expect(within(intercom).queryAllByTestId(/^unit-detail-intercom-.*-session-start$/)).toHaveLength(0);

    await user.click(screen.getByTestId('unit-detail-dialogs-menu'));
    expect(await screen.findByTestId('unit-detail-dialog-uploadProgress')).toBeVisible();
    for (const dialog of ['speedTest', 'sendLogs', 'aiSession']) expect(screen.queryByTestId(`unit-detail-dialog-${dialog}`)).not.toBeInTheDocument();
  }, 20_000);

  it('sees the new settings but no write controls: forwarding, multi camera channel and switcher, audio jacks, video return, databridge gateway', async () => {
    const { user } = await openPanel(unitApi().on('getUnitSelectedDbGateway', { uniqueId: UNIT, gateway: null }), ['luc_read']);

    expect(await screen.findByTestId('unit-detail-forward')).toBeVisible();
    expect(await screen.findByTestId('unit-detail-forward-cdn-state')).toBeVisible();
    expect(screen.queryAllByTestId(/^unit-detail-forward-.*-start$/)).toHaveLength(0);
    expect(screen.queryByTestId('unit-detail-forward-cdn-destination')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('unit-detail-tab-multiCamera'));
    expect(await screen.findByTestId('unit-detail-multicamera-channel-value')).toBeVisible();
    expect(screen.queryByTestId('unit-detail-multicamera-channel-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unit-detail-multicamera-channel-apply')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId(/^unit-detail-switcher-.*-apply$/)).toHaveLength(0);

    await user.click(screen.getByTestId('unit-detail-tab-intercom'));
    expect(await screen.findByTestId('unit-detail-jack-1-volume')).toHaveAttribute('readonly');
    expect(screen.queryByTestId('unit-detail-jacks-save')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('unit-detail-tab-videoReturn'));
    expect(await screen.findByTestId('unit-detail-videoreturn-setting-value')).toBeVisible();
    expect(screen.queryByTestId('unit-detail-videoreturn-enabled')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unit-detail-videoreturn-output')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('unit-detail-tab-databridge'));
    expect(await screen.findByTestId('unit-detail-databridge-gateway')).toBeVisible();
    expect(screen.queryByTestId('unit-detail-databridge-picker')).not.toBeInTheDocument();
  }, 20_000);
});
