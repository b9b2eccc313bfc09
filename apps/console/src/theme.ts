import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans SC", "PingFang SC", sans-serif',
  // A user whose system asks for reduced motion gets modals, menus and collapses without transitions.
  respectReducedMotion: true,
});
