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
  // Latin faces first, then a Simplified Chinese face on every platform (macOS, Windows, Linux with
  // Debian's fonts-noto-cjk or Adobe's Source Han Sans, older Linux): the browser takes each glyph
  // from the first face that has it, so Chinese never falls back to boxes where one of these is installed.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans SC", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif',
});
