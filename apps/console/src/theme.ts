import { createTheme, Loader } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  components: {
    // A spinner named by its aria-label ("Loading the graph…") is a status (a label on a bare span is not read).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
  defaultRadius: 'sm',
  // An operator whose system asks for reduced motion gets no transitions or animations (the end-to-end
  // browser asks for it too: frames that only animate cost its two cores and prove nothing).
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans SC", "PingFang SC", sans-serif',
});
