import { useEffect, useState } from 'react';

/**
 * Reveals a heavy first draw in `stages` parts, one task after another: the caller draws the parts
 * up to the stage returned. Counting starts once `ready` (1 before: nothing is counted), and the
 * next stage follows the commit of the previous one in a task of its own, so the browser can paint
 * and take input between them instead of running one long task. Once all are shown it stays there.
 */
export function useStages(stages: number, ready = true): number {
  const [stage, setStage] = useState(1);
  useEffect(() => {
    if (!ready || stage >= stages) return;
    const timer = setTimeout(() => setStage(stage + 1), 0);
    return () => clearTimeout(timer);
  }, [ready, stage, stages]);
  return stage;
}
