import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * One search parameter of the address (a modal's `?channel=`, a tab's `&tab=`): its value and a
 * setter that keeps the other parameters (null removes it; `also` removes other parameters with
 * it, e.g. the tab of a closed modal). `replace` changes the entry instead of adding one (switching
 * tabs does not fill the history).
 */
export function useSearchParam(name: string, options: { replace?: boolean; also?: readonly string[] } = {}): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const { replace = false, also } = options;
  const alsoKey = also?.join(',') ?? '';
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null) {
            next.delete(name);
            for (const other of alsoKey === '' ? [] : alsoKey.split(',')) next.delete(other);
          } else next.set(name, value);
          return next;
        },
        { replace },
      ),
    [alsoKey, name, replace, setParams],
  );
  return [params.get(name), set];
}
