/** The codec of the GraphicsComposition row's JSON column (GraphicsComposition.data). */
import { z } from 'zod';
import { jsonColumn, lenientArray } from '../../platform/storage/json-column.js';

/**
 * A composition's jobs in its Singular app (the latest last): when each started, for the status
 * computed from its age. Unknown keys are kept.
 */
export const graphicsCompositionData = jsonColumn(
  z
    .looseObject({
      jobs: lenientArray(z.object({ jobId: z.string().min(1), appId: z.string().min(1), createdAt: z.iso.datetime({ offset: true }) })),
    })
    .catch({}),
  () => ({}),
);
export type GraphicsCompositionData = ReturnType<typeof graphicsCompositionData.read>;
