import { formatBitrate } from '@fleet/domain';
import { useSharedT } from '../../i18n/sharedT';

/** A bitrate in kbps as spec 000 §9 shows it (Mbps with one decimal above 1000 kbps). */
export function useBitrateText(): (kbps: number) => string | null {
  const { t } = useSharedT();
  return (kbps) => {
    const formatted = formatBitrate(kbps);
    if (!formatted) return null;
    return formatted.unit === 'Mbps' ? t('units.bitrate.mbps', { value: formatted.value }) : t('units.bitrate.kbps', { value: formatted.value });
  };
}
