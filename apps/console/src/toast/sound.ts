import type { ToastVariant } from '@fleet/contracts';

const PITCH: Record<ToastVariant, number> = { info: 660, success: 880, warning: 520, error: 330 };

let context: AudioContext | null = null;

/** A short beep (no audio asset to ship); silently skipped where audio is unavailable or blocked. */
export function playToastSound(variant: ToastVariant): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = PITCH[variant];
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.25);
  } catch {
    // Autoplay policy or no audio device: the toast still shows.
  }
}
