import { describe, expect, it } from 'vitest';
import { UpdateVrChannelBody, VALIDATION } from '@fleet/contracts';
import { checkSchema } from '../../lib/forms/fieldErrors';
import { toggleId, vrConfigBody, vrConfigExtra, vrConfigForm, vrSharingBody, vrSharingForm } from './vrForms';
import { vrChannel } from '../../test-utils/vrChannels';

const srt = vrChannel('A', {
  configuration: { inputType: 'srt', url: 'srt://vr.example.net:9000', passphrase: null, destinationPort: 9000, latency: 500 },
  version: 4,
});

describe('video return configuration form', () => {
  it('round-trips the current configuration into a valid body at the read version', () => {
    const body = vrConfigBody(vrConfigForm(srt), srt.version);
    expect(body).toEqual({
      channel: {
        name: 'VR-A',
        description: '',
        inputType: 'srt',
        url: 'srt://vr.example.net:9000',
        passphrase: null,
        destinationPort: 9000,
        latency: 500,
        version: 4,
      },
    });
    expect(checkSchema(UpdateVrChannelBody, body)).toEqual({});
  });

  it('sends the SRT fields only with the SRT input', () => {
    const body = vrConfigBody({ ...vrConfigForm(srt), inputType: 'sdi', passphrase: 'short' }, 4);
    expect(body.channel).not.toHaveProperty('passphrase');
    expect(checkSchema(UpdateVrChannelBody, body)).toEqual({});
  });

  it('words a short SRT key, a bad port and a missing URL as the spec does', () => {
    const values = { ...vrConfigForm(srt), passphrase: 'abc', destinationPort: 'x' };
    const errors = checkSchema(UpdateVrChannelBody, vrConfigBody(values, 4));
    expect(errors['channel.passphrase']).toBe(VALIDATION.betweenChars(10, 64));
    expect(errors['channel.destinationPort']).toBeDefined();
    expect(checkSchema(UpdateVrChannelBody, vrConfigBody({ ...values, passphrase: 'abc-def-ghi!' }, 4))['channel.passphrase']).toBe(
      VALIDATION.mustMatchPattern,
    );
    expect(vrConfigExtra({ ...values, url: ' ' })).toEqual({ 'channel.url': VALIDATION.required });
    expect(vrConfigExtra({ ...values, inputType: 'disabled', url: '' })).toEqual({});
  });
});

describe('feed sharing form', () => {
  it('shares only groups of the chosen inventories', () => {
    const form = vrSharingForm({ inventoryIds: ['inv-2', 'inv-1'], groupIds: ['g2', 'g1'] });
    expect(form).toEqual({ inventoryIds: ['inv-1', 'inv-2'], groupIds: ['g1', 'g2'] });
    const groups = new Map([
      ['g1', 'inv-1'],
      ['g2', 'inv-2'],
    ]);
    expect(vrSharingBody({ ...form, inventoryIds: ['inv-1'] }, groups, 7)).toEqual({ inventoryIds: ['inv-1'], groupIds: ['g1'], version: 7 });
    expect(toggleId(['b'], 'a', true)).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
