/** Fixtures: system settings (geocoding, stream media profiles, providers, modem vendors, application configuration, what's new). */
import type { DbTx } from '../client.js';
import { timesAround, DAY, streamFor } from './random.js';

export async function seedSystemSettings(tx: DbTx, seedValue: number, now: Date): Promise<void> {
  const { stamps, ago } = timesAround(now, streamFor(seedValue, 'settings', now));
  await tx.geocodingProfile.create({
    data: {
      id: 'geo-default',
      name: 'Default',
      refreshIntervals: { moving: 60, idle: 600 },
      distanceThreshold: 100,
      percentageThreshold: 10,
      geocoders: ['osm'],
      accuracies: [50],
      isDefault: true,
      ...stamps(),
    },
  });
  await tx.streamMediaProfile.create({
    data: { id: 'smp-hd', name: 'HD-Default', minResolution: 720, maxResolution: 1080, fps: 50, bitrate: 6000, attributes: { codec: 'h264' }, ...stamps() },
  });
  await tx.streamProvider.create({ data: { id: 'spr-youtube', name: 'YouTube', kind: 'rtmp', ...stamps() } });
  await tx.streamProfile.create({ data: { id: 'spf-youtube-main', name: 'Main', providerId: 'spr-youtube', isMain: true, ...stamps() } });
  await tx.modemVendor.createMany({
    data: [
      { id: 'mvd-quectel', name: 'Quectel', models: [{ name: 'RM500Q' }, { name: 'EM12' }], ...stamps() },
      { id: 'mvd-sierra', name: 'Sierra-Wireless', models: [{ name: 'EM7565' }], ...stamps() },
    ],
  });
  await tx.applicationConfiguration.createMany({
    data: [{ id: 'cfg-chat', key: 'chatSupport', value: { enabled: false, scriptUrl: null }, description: 'Optional chat-support script', ...stamps() }],
  });
  await tx.whatsNew.create({
    data: {
      id: 'wnw-10-1',
      title: 'Version 10.1',
      body: 'Faster reconnects and a new multiview layout.',
      releaseVersion: '10.1',
      publishedAt: ago(10 * DAY),
      ...stamps(),
    },
  });

  // Stream media profiles the streaming destinations offered before they became rows of
  // /system_settings (video quality high, standard, low in h264 and h265). Literal values, no
  // faker draw: the rows seeded above keep theirs.
  {
    const at = { createdAt: ago(30 * DAY), updatedAt: ago(30 * DAY) };
    await tx.streamMediaProfile.createMany({
      data: (['h264', 'h265'] as const).flatMap((codec) => [
        {
          id: `${codec}-hq`,
          name: `HQ ${codec}`,
          minResolution: 720,
          maxResolution: 1080,
          fps: 60,
          bitrate: codec === 'h264' ? 8000 : 6000,
          attributes: { codec, quality: 'high' },
          ...at,
        },
        {
          id: `${codec}-mq`,
          name: `MQ ${codec}`,
          minResolution: 576,
          maxResolution: 1080,
          fps: 50,
          bitrate: codec === 'h264' ? 5000 : 4000,
          attributes: { codec, quality: 'standard' },
          ...at,
        },
        {
          id: `${codec}-lq`,
          name: `LQ ${codec}`,
          minResolution: 480,
          maxResolution: 720,
          fps: 30,
          bitrate: codec === 'h264' ? 2500 : 2000,
          attributes: { codec, quality: 'low' },
          ...at,
        },
      ]),
    });
  }
}
