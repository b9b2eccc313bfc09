import { describe, expect, it } from 'vitest';
import { IpPipeBody, ServerConfigurationBody, SmpteSettingsBody, VALIDATION } from '@fleet/contracts';
import type { ServerConfiguration } from '@fleet/contracts';
import { checkSchema } from '../../lib/forms/fieldErrors';
import { ipPipeBody, serverConfigBody, serverConfigForm, smpteBody, smpteErrorPath } from './serverForms';
import { serverSections } from './serverFormat';
import { unitServers } from './unitServers';
import { linksOfUnit, rememberLink, streamTransition } from './luLink';
import { makeChannel } from '../../test-utils/channels';

const config: ServerConfiguration = {
  serverId: 'MMH-1',
  serverType: 'mmh_server',
  ifbMode: 'V1',
  maxChannels: 8,
  allocatedChannels: 2,
  webrtcPort: 8443,
  publishingMode: 'automatic',
  genlockOffset: 0,
  registrationServer: null,
  registrationServerPort: null,
  certificates: [],
  version: 1,
};

describe('server configuration form', () => {
  const source = serverConfigForm(config);

  it('sends only what changed (an unchanged IFB mode is not sent again)', () => {
    expect(serverConfigBody({ ...source, genlockOffset: '12' }, source)).toEqual({ genlockOffset: 12 });
    expect(serverConfigBody({ ...source, ifbMode: 'V2', maxChannels: '4' }, source)).toEqual({ ifbMode: 'V2', maxChannels: 4 });
    expect(serverConfigBody(source, source)).toEqual({});
  });

  it('words out-of-range values as the spec does, inline under their field', () => {
    const errors = checkSchema(ServerConfigurationBody, serverConfigBody({ ...source, genlockOffset: '600', webrtcPort: '65354' }, source));
    expect(errors.genlockOffset).toBe(VALIDATION.maxValue(511));
    expect(errors.webrtcPort).toBe(VALIDATION.maxValue(65353));
    expect(checkSchema(ServerConfigurationBody, serverConfigBody({ ...source, registrationServerPort: '0' }, source)).registrationServerPort).toBe(
      VALIDATION.minValue(1),
    );
    expect(checkSchema(ServerConfigurationBody, serverConfigBody({ ...source, genlockOffset: '-511' }, source))).toEqual({});
  });
});

describe('SMPTE and IP pipe forms', () => {
  const smpte = {
    primaryIp: '10.0.0.5',
    primaryMask: '255.255.255.0',
    primaryGateway: '',
    redundant: false,
    secondaryIp: '',
    secondaryMask: '',
    secondaryGateway: '',
    ptpDomain: '',
    genlockOffset: '',
  };

  it('a bad address or mask is the spec message, on the form field', () => {
    expect(checkSchema(SmpteSettingsBody, smpteBody(smpte))).toEqual({});
    const errors = checkSchema(SmpteSettingsBody, smpteBody({ ...smpte, primaryIp: '10.0.0', primaryMask: '255.0.255.0' }));
    expect(errors['primary.ip']).toBe(VALIDATION.invalidIp);
    expect(errors['primary.subnetMask']).toBe(VALIDATION.invalidSubnet);
    expect(smpteErrorPath('primaryMask')).toBe('primary.subnetMask');
    expect(smpteErrorPath('secondaryIp')).toBe('secondary.ip');
    expect(smpteErrorPath('ptpDomain')).toBe('ptpDomain');
    expect(smpteBody({ ...smpte, redundant: true, secondaryIp: '10.0.1.5', secondaryMask: '255.255.255.0' }).secondary).toEqual({
      ip: '10.0.1.5',
      subnetMask: '255.255.255.0',
      gateway: null,
    });
  });

  it('the IP pipe takes one server a line and needs its port', () => {
    expect(ipPipeBody({ enabled: true, port: '5000', bitrateKbps: '', servers: ' a.example.net \n\nb.example.net' })).toEqual({
      enabled: true,
      port: 5000,
      servers: ['a.example.net', 'b.example.net'],
    });
    expect(checkSchema(IpPipeBody, ipPipeBody({ enabled: true, port: '', bitrateKbps: '', servers: '' })).port).toBe(VALIDATION.required);
    expect(checkSchema(IpPipeBody, ipPipeBody({ enabled: true, port: '5000', bitrateKbps: '1000', servers: '' })).bitrateKbps).toBeDefined();
  });
});

describe('server sections, units and links', () => {
  it('each server type has its settings', () => {
    expect(serverSections('mmh_server')).toEqual({ configuration: 'mmh', smpte: true, ipPipe: true, feed: null });
    expect(serverSections('transceiver_server').feed).toBe('channels');
    expect(serverSections('ingest_server').feed).toBe('ingest');
    expect(serverSections('vr_server').configuration).toBe('vr');
    // A type a newer core added: its overview only.
    expect(serverSections('relay_server' as 'vr_server')).toEqual({ configuration: null, smpte: false, ipPipe: false, feed: null });
  });

  it("a unit's servers are those of its selected and allocated channels", () => {
    const channels = [
      makeChannel({ channelId: 'c1', serverId: 'S1', serverName: 'hub_b' }),
      makeChannel({ channelId: 'c2', serverId: 'S2', serverName: 'hub_a', allocatedToUnitUid: 'U1' }),
      makeChannel({ channelId: 'c3', serverId: 'S3', serverName: 'other' }),
    ];
    const selectedChannel = { channelId: 'c1', previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false };
    expect(unitServers({ uniqueId: 'U1', selectedChannel }, channels).map((s) => s.serverId)).toEqual(['S2', 'S1']);
    expect(unitServers({ uniqueId: 'U9', selectedChannel: { ...selectedChannel, channelId: null } }, channels)).toEqual([]);
  });

  it("links: a unit's links, newer versions kept, removals dropped, stream transitions until reached", () => {
    const link = {
      id: 'p1',
      name: 'L',
      kind: 'ptp' as const,
      uniqueID: 'M',
      machines: [{ uid: 'U1' }],
      status: 'idle' as const,
      streaming: false,
      groupIds: [],
      selectedGroupIds: [],
      version: 2,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const known = rememberLink([], link);
    expect(linksOfUnit(known, 'U1')).toEqual([link]);
    expect(linksOfUnit(known, 'M')).toEqual([link]);
    expect(linksOfUnit(known, 'X')).toEqual([]);
    expect(rememberLink(known, { ...link, version: 1, name: 'old' })).toBe(known);
    expect(rememberLink(known, { ...link, version: 3, name: 'new' })[0]?.name).toBe('new');
    expect(rememberLink(known, link, true)).toEqual([]);
    expect(streamTransition('start', link)).toBe('starting');
    expect(streamTransition('start', { streaming: true })).toBeNull();
    expect(streamTransition('stop', { streaming: true })).toBe('stopping');
    expect(streamTransition(null, link)).toBeNull();
  });
});
