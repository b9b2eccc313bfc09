import { describe, expect, it } from 'vitest';
import type { ChannelRecord, ServerRow } from '../../platform/storage/read-model.js';
import { isTransceiverFeed, licensedOutputs } from './channel-rules.js';

const server = (over: Partial<ServerRow>): ServerRow => ({ servicesData: {}, maxChannels: 0, serverType: 'mmh_server', ...over }) as ServerRow;

describe('licensedOutputs: how many output channels a server may carry', () => {
  it('takes the licensed output channels from the services data', () => {
    expect(licensedOutputs(server({ servicesData: { outputChannels: 3 }, maxChannels: 8 }))).toBe(3);
    expect(licensedOutputs(server({ servicesData: { outputChannels: 0 }, maxChannels: 8 }))).toBe(0);
  });

  it('falls back to the channel capacity, and a server without one has no limit', () => {
    expect(licensedOutputs(server({ servicesData: { outputChannels: 2.5 }, maxChannels: 8 }))).toBe(8);
    expect(licensedOutputs(server({ maxChannels: 0 }))).toBeNull();
  });
});

describe('isTransceiverFeed', () => {
  it('is a sharing channel on a transceiver server only', () => {
    const sharing = { sharing: true } as ChannelRecord;
    expect(isTransceiverFeed(sharing, server({ serverType: 'transceiver_server' }))).toBe(true);
    expect(isTransceiverFeed(sharing, server({ serverType: 'mmh_server' }))).toBe(false);
    expect(isTransceiverFeed({ sharing: false } as ChannelRecord, server({ serverType: 'transceiver_server' }))).toBe(false);
  });
});
