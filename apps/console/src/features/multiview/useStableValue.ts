import { useState } from 'react';

/**
 * `value`, or the one returned before while its `keyOf` is the same: a memoised child given it is
 * drawn again only when what it shows changed, not whenever a new but equal value was computed.
 */
export function useStableValue<T>(value: T, keyOf: (value: T) => string): T {
  const key = keyOf(value);
  const [kept, setKept] = useState({ key, value });
  if (kept.key !== key) {
    setKept({ key, value });
    return value;
  }
  return kept.value;
}
