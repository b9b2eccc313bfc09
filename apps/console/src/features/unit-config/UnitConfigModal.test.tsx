/**
 * The unit configuration modal's forms (spec 000 §2 tabs), opened on a tab by the URL's `config`
 * parameter as the unit detail of /list opens it: the spec's validation messages word for word
 * (spec 000 §5, contracts VALIDATION) inline as the user types or applies, a refused value never
 * sent, a valid one sent, and the admin-level limits shown without Apply to a regular user.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role, UnitConfiguration } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeModem, makeModemConfig, makeUnitAlertsConfiguration, makeUnitConfiguration } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import type { AppRenderResult } from '../../test-utils/render';
import UnitDetailPanel from '../unit-detail/UnitDetailPanel';
import UnitConfigModal from './UnitConfigModal';

const UNIT = 'LU800-0001';
/** A cellular modem, a Wi-Fi and an Ethernet link, as a field unit reports them. */
const MODEMS = [
  makeModem({ id: 'modem-1', port: 1, name: 'Modem 1', uiType: 'cell' }),
  makeModem({ id: 'eth-2', port: 2, name: 'Ethernet', uiType: 'lan', signalQuality: null, activeSim: null }),
  makeModem({ id: 'wifi-3', port: 3, name: 'Wi-Fi', uiType: 'wifi', connected: false, activeSim: null }),
];

/** The core of one unit: its configuration, detail (links, multi camera and IP pipe capable), modem and alerts configuration. */
function core(config: UnitConfiguration = makeUnitConfiguration()): FakeApi {
  return new FakeApi()
    .on('getUnitConfigurationV2', config)
    .on('getUnit', makeDetail({ uniqueId: UNIT, modems: MODEMS, capabilities: { multiCamera: true, ipPipe: true, hevc: true } }))
    .on('getUnitModemConfig', ({ params }) => makeModemConfig({ port: params.n, modemId: `modem-${params.n}` }))
    .on('getUnitAlertsConfiguration', makeUnitAlertsConfiguration())
    .on('getUnitGroups', []);
}

async function openConfig(tab: string, roles: Role[], api: FakeApi = core()): Promise<AppRenderResult> {
  const rendered = await renderWithApp(<UnitConfigModal unitId={UNIT} opened onClose={() => undefined} />, {
    roles,
    route: `/list?unit=${UNIT}&config=${tab}`,
    api,
  });
  expect(await screen.findByTestId(`config-panel-${tab}`)).toBeVisible();
  return rendered;
}

/** Another tab by its tab button: the panel shows and the URL names it, the unit kept. */
async function switchTab({ user, router }: AppRenderResult, tab: string): Promise<void> {
  await user.click(screen.getByTestId(`config-tab-${tab}`));
  expect(await screen.findByTestId(`config-panel-${tab}`)).toBeVisible();
  const params = new URLSearchParams(router.state.location.search);
  expect(params.get('config')).toBe(tab);
  expect(params.get('unit')).toBe(UNIT);
}

const errorOf = (field: string) => screen.queryByTestId(`config-error-${field}`);

describe('unit configuration: the spec messages inline', () => {
  it('video/audio: delay bounds, audio channels off SDI, single camera bandwidth and a camera label; a valid delay is sent', async () => {
    const api = core().on('updateUnitDelay', ({ body }) => makeUnitConfiguration({ delay: body.delayMs, delayMode: body.mode }));
    const { user } = await openConfig('videoAudio', ['luc_regular'], api);

    const delay = screen.getByTestId('config-delay-delayMs');
    await fill(user, delay, '500');
    expect(errorOf('delay.delayMs')).toHaveTextContent('Must be 1000 or more');
    await fill(user, delay, '25000');
    expect(errorOf('delay.delayMs')).toHaveTextContent('Must be 20000 or less');

    await user.selectOptions(screen.getByTestId('config-audio-input'), 'hdmi');
    await user.selectOptions(screen.getByTestId('config-audio-channels'), '4');
    expect(errorOf('audio.channels')).toHaveTextContent('Audio channels 4 and above are available on the SDI input only');

    await fill(user, screen.getByTestId('config-singleCamera-maxBandwidthMbps'), '25');
    expect(errorOf('singleCamera.maxBandwidthMbps')).toHaveTextContent('Must be 20 or less');

    await fill(user, screen.getByTestId('config-cameras-label-0'), 'ABCDEFGHIJKLM');
    expect(errorOf('cameras.cameras.0.label')).toHaveTextContent('Must have at most 12 characters');

    await fill(user, delay, '2500');
    expect(errorOf('delay.delayMs')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('config-apply-delay'));
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent('Configuration applied'));
    expect(api.calls('updateUnitDelay').map((call) => call.body)).toEqual([{ delayMs: 2500, mode: 'normal' }]);
  });

  it('network, advanced, IP pipe and alerts: fixed delay, file name prefix, IP pipe server and a recipient’s e-mail; bandwidth caps without Apply for a regular user', async () => {
    const rendered = await openConfig('network', ['luc_regular']);
    const { user, api } = rendered;

    // Bandwidth caps are admin-level: a regular user sees them without an Apply button.
    expect(screen.getByTestId('config-note-bandwidth')).toBeVisible();
    expect(screen.queryByTestId('config-apply-bandwidth')).not.toBeInTheDocument();
    await fill(user, screen.getByTestId('config-fixedDelay-delayMs'), '100');
    expect(errorOf('fixedDelay.delayMs')).toHaveTextContent('Must be 400 or more');

    await switchTab(rendered, 'advanced');
    const prefix = screen.getByTestId('config-prefix-filenamePrefix');
    await fill(user, prefix, 'bad prefix');
    expect(errorOf('prefix.filenamePrefix')).toHaveTextContent('Must match the pattern');
    await fill(user, prefix, 'x'.repeat(33));
    expect(errorOf('prefix.filenamePrefix')).toHaveTextContent('Must have at most 32 characters');

    await switchTab(rendered, 'ipPipe');
    await user.click(screen.getByTestId('config-ipPipe-enabled'));
    await fill(user, screen.getByTestId('config-ipPipe-serverId'), '');
    await user.click(screen.getByTestId('config-apply-ipPipe'));
    expect(errorOf('ipPipe.serverId')).toHaveTextContent('This field is required');
    expect(api.calls('updateUnitIpPipe')).toHaveLength(0);

    await switchTab(rendered, 'alerts');
    await user.click(within(await screen.findByTestId('config-alerts-mode')).getByText('Manual'));
    await user.click(screen.getByTestId('config-alerts-addRecipient'));
    const emails = screen.getAllByTestId(/^config-alerts-email-/);
    const last = emails.length - 1;
    await fill(user, emails[last]!, 'not-an-email');
    expect(errorOf(`alerts.recipients.${last}.email`)).toHaveTextContent('Invalid email format');
  });

  it('metadata, IP input and connections: a semicolon, a port, a Wi-Fi password, static addresses and an APN', async () => {
    const rendered = await openConfig('metadata', ['luc_regular']);
    const { user } = rendered;
    await fill(user, screen.getByTestId('config-metadata-key-0'), 'reporter');
    await fill(user, screen.getByTestId('config-metadata-value-0'), 'Jane;Doe');
    expect(errorOf('metadata.fields.0.value')).toHaveTextContent('Metadata fields cannot contain a semicolon');

    await switchTab(rendered, 'ipInput');
    await fill(user, screen.getByTestId('config-ipInput-port'), '70000');
    expect(errorOf('ipInput.port')).toHaveTextContent('Must be 65535 or less');

    await switchTab(rendered, 'connections');
    expect(screen.getByTestId('config-links')).toBeVisible();
    await user.selectOptions(screen.getByTestId('config-wifi-security'), 'wpa2');
    await fill(user, screen.getByTestId('config-wifi-ssid'), 'Newsroom');
    await fill(user, screen.getByTestId('config-wifi-password'), 'short');
    expect(errorOf('wifi.password')).toHaveTextContent('Must be between 8 and 63 characters');

    await user.selectOptions(screen.getByTestId('config-ethernet-2-ipMode'), 'static');
    await fill(user, screen.getByTestId('config-ethernet-2-ip'), '10.0.0.300');
    await fill(user, screen.getByTestId('config-ethernet-2-subnetMask'), '255.0.255.0');
    expect(errorOf('ethernet-2.ip')).toHaveTextContent('Invalid IP field');
    expect(errorOf('ethernet-2.subnetMask')).toHaveTextContent('Invalid Subnet Mask field');

    await fill(user, await screen.findByTestId('config-modem-1-apn-0'), 'a'.repeat(101));
    expect(errorOf('modem-1.apns.0.apn')).toHaveTextContent('Must have at most 100 characters');
  });

  it('an administrator’s bandwidth caps: cellular above total and a priority limit above it are refused, valid caps are sent, then a cellular capping above the applied total is refused', async () => {
    const api = core().on('updateUnitBwLimitation', ({ body }) =>
      makeUnitConfiguration({ version: 2, bandwidth: { total: body.totalKbps ?? null, cellular: body.cellularKbps ?? null, priorityLimits: [] } }),
    );
    const { user } = await openConfig('network', ['luc_admin'], api);

    await fill(user, screen.getByTestId('config-bandwidth-totalKbps'), '5000');
    await fill(user, screen.getByTestId('config-bandwidth-cellularKbps'), '6000');
    expect(errorOf('bandwidth.cellularKbps')).toHaveTextContent('Max Cellular Capping cannot be higher than Max Total Capping');
    await user.click(screen.getByTestId('config-bandwidth-add'));
    await fill(user, screen.getByTestId('config-bandwidth-kbps-0'), '7000');
    expect(errorOf('bandwidth.priorityLimits.0.kbps')).toHaveTextContent(
      'A priority limit must be lower than the total and higher than the limits of lower priorities',
    );
    await user.click(screen.getByTestId('config-bandwidth-remove-0'));

    await fill(user, screen.getByTestId('config-bandwidth-cellularKbps'), '4000');
    expect(errorOf('bandwidth.cellularKbps')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('config-apply-bandwidth'));
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent('Configuration applied'));
    expect(api.calls('updateUnitBwLimitation').map((call) => call.body)).toEqual([{ totalKbps: 5000, cellularKbps: 4000, priorityLimits: [] }]);

    // Cellular capping above the total cap (5000 kbps) is refused too.
    await user.selectOptions(screen.getByTestId('config-capping-option'), '8.0');
    expect(errorOf('capping.option')).toHaveTextContent('Max Cellular Capping cannot be higher than Max Total Capping');
  });
});

describe('unit configuration: device commands refused inline', () => {
  it('return audio: an IFB delay of 2001 ms or not a number is refused inline and nothing is sent; a valid one is sent once', async () => {
    const api = core(makeUnitConfiguration({ ifb: { delayMs: 100, alwaysOn: false } }))
      .on('commandIfbDelay', { uniqueId: UNIT, command: 'ifbDelay', accepted: true })
      .on('commandIfbAlwaysOn', { uniqueId: UNIT, command: 'ifbAlwaysOn', accepted: true });
    const { user } = await openConfig('videoAudio', ['luc_regular'], api);

    const delay = screen.getByTestId('config-ifbDelay-delayMs');
    expect(delay).toHaveValue('100');
    await fill(user, delay, '2001');
    expect(errorOf('ifbDelay.delayMs')).toHaveTextContent('Must be 2000 or less');
    await user.click(screen.getByTestId('config-apply-ifbDelay'));
    expect(errorOf('ifbDelay.delayMs')).toHaveTextContent('Must be 2000 or less');
    await fill(user, delay, 'abc');
    expect(errorOf('ifbDelay.delayMs')).toHaveTextContent('Must be a number');
    await user.click(screen.getByTestId('config-apply-ifbDelay'));
    expect(api.calls('commandIfbDelay')).toHaveLength(0);

    await fill(user, delay, '250');
    expect(errorOf('ifbDelay.delayMs')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('config-apply-ifbDelay'));
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent('Sent to the unit'));
    expect(api.calls('commandIfbDelay').map((call) => call.body)).toEqual([{ delayMs: 250 }]);

    await user.click(screen.getByTestId('config-ifbAlwaysOn-enabled'));
    await user.click(screen.getByTestId('config-apply-ifbAlwaysOn'));
    await waitFor(() => expect(api.calls('commandIfbAlwaysOn').map((call) => call.body)).toEqual([{ enabled: true }]));
  });
});

describe('unit configuration: a command setting changed elsewhere', () => {
  it('shows the video complexity the unit reports over /ws in the open modal, without reading again', async () => {
    const config = makeUnitConfiguration({ videoComplexity: 'medium' });
    const { socket, settled, api } = await openConfig('videoAudio', ['luc_regular'], core(config));
    await waitFor(() => expect(screen.getByTestId('config-videoComplexity-level')).toHaveValue('medium'));
    await settled();
    const reads = api.calls('getUnitConfigurationV2').length;

    await socket.emit({
      type: 'unit.configuration',
      unitId: UNIT,
      setting: 'videoComplexity',
      configuration: { ...config, version: 2, videoComplexity: 'high' },
      at: 2,
    });
    await waitFor(() => expect(screen.getByTestId('config-videoComplexity-level')).toHaveValue('high'));
    expect(api.calls('getUnitConfigurationV2')).toHaveLength(reads);
  });
});

describe('unit configuration: a read-only user', () => {
  /** The modal as the unit detail opens it from the deep link of /list (`?unit=...&config=...`), closed by the detail. */
  async function openFromDetail(tab: string, api: FakeApi): Promise<AppRenderResult> {
    const rendered = await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, {
      roles: ['luc_read'],
      route: `/list?unit=${UNIT}&config=${tab}`,
      api,
    });
    expect(await screen.findByTestId(`config-panel-${tab}`, undefined, { timeout: 3000 })).toBeVisible();
    return rendered;
  }

  it('sees the configuration without Apply buttons, and closes it', async () => {
    const rendered = await openFromDetail('videoAudio', core());
    expect(screen.getByTestId('unit-config-read-only')).toBeVisible();
    expect(screen.getByTestId('config-delay-delayMs')).toBeDisabled();
    expect(screen.queryAllByTestId(/^config-apply-/)).toHaveLength(0);
    await switchTab(rendered, 'network');
    expect(screen.queryAllByTestId(/^config-apply-/)).toHaveLength(0);

    await rendered.user.click(screen.getByTestId('unit-config-close'));
    await waitFor(() => expect(screen.queryByTestId('unit-config')).not.toBeInTheDocument());
    expect(new URLSearchParams(rendered.router.state.location.search).has('config')).toBe(false);
  });

  it('sees the command settings as the unit has them, without Apply buttons', async () => {
    const config = makeUnitConfiguration({
      encoder: { codec: 'h264', colourDepth: 10 },
      shootingMode: 'sports',
      videoComplexity: 'high',
      ifb: { delayMs: 300, alwaysOn: true },
    });
    await openFromDetail('videoAudio', core(config));
    expect(screen.getByTestId('unit-config-read-only')).toBeVisible();
    for (const form of ['encoder', 'shootingMode', 'videoComplexity', 'ancillaryData', 'ifbDelay', 'ifbAlwaysOn']) {
      expect(screen.getByTestId(`config-form-${form}`)).toBeVisible();
    }
    expect(screen.getByTestId('config-encoder-codec')).toHaveValue('h264');
    expect(screen.getByTestId('config-encoder-colourDepth')).toHaveValue('10');
    expect(screen.getByTestId('config-shootingMode-mode')).toHaveValue('sports');
    expect(screen.getByTestId('config-videoComplexity-level')).toHaveValue('high');
    expect(screen.getByTestId('config-ifbDelay-delayMs')).toHaveValue('300');
    expect(screen.getByTestId('config-ifbDelay-delayMs')).toBeDisabled();
    expect(screen.getByTestId('config-encoder-codec')).toBeDisabled();
    expect(screen.queryAllByTestId(/^config-apply-/)).toHaveLength(0);
  });
});
