/** The codecs of the Inventory row's JSON columns. */
import { z } from 'zod';
import { jsonColumn, lenient, lenientArray, lenientNullable, lenientObject } from '../../platform/storage/json-column.js';

/** Spec 001 §3 inventory properties: map view, reboot, vsim, social media, MJPEG preview. */
export const inventoryProperties = jsonColumn(
  z.looseObject({
    mapView: lenient(z.boolean()),
    reboot: lenient(z.boolean()),
    vsim: lenient(z.boolean()),
    socialMedia: lenient(z.boolean()),
    mjpegPreview: lenient(z.boolean()),
  }),
  () => ({}),
);

const ChannelIds = lenientArray(z.string());
const Count = lenient(z.number().int().nonnegative());

/**
 * Inventory settings: the IFB seats as the licence keeps them (available, used, frozen) and the
 * channels associated with the inventory's IFB and tally. Unknown keys are kept.
 */
export const inventorySettings = jsonColumn(
  z.looseObject({
    ifb: lenientObject({ available: Count, used: Count, frozen: Count, channelIds: ChannelIds }),
    tally: lenientObject({ channelIds: ChannelIds }),
    /** The inventory's own geocoding profile (none: the default one); makes that profile "in use" (spec 001 §8). */
    geocodingProfileId: lenientNullable(z.string()),
  }),
  () => ({}),
);
export type InventorySettings = ReturnType<typeof inventorySettings.read>;

/** The ingest account's configuration (IngestAccount.configuration). */
export const ingestConfiguration = jsonColumn(
  z.looseObject({
    enabled: lenient(z.boolean()),
    host: lenientNullable(z.string()),
    port: lenientNullable(z.number().int()),
    path: lenient(z.string()),
    xsltFileName: lenientNullable(z.string()),
  }),
  () => ({}),
);
