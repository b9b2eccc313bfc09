/**
 * Spec 000 §8 / 001 §7: a change of the server's websocket library setting reloads the page. The
 * setting reaches the console three ways: the hello of every /ws connection, the polled user
 * configuration (props.wsLibrary), and a `config.changed` event. The first value seen is the
 * baseline; the first different one triggers `onChange` once.
 */
export function watchWsLibrary(onChange: (next: string, previous: string) => void) {
  let seen: string | null = null;
  let fired = false;
  return {
    observe(value: string | null | undefined) {
      if (value === null || value === undefined || value === '') return;
      if (seen === null) {
        seen = value;
        return;
      }
      if (value !== seen && !fired) {
        fired = true;
        onChange(value, seen);
      }
    },
    baseline: () => seen,
  };
}
