/** The codecs of the Inventory row's JSON columns. */
import { z } from 'zod';
import { jsonColumn, lenient } from './json-column.js';

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
