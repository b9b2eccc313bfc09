import { useTranslation } from 'react-i18next';
import { formatBitrate } from '@fleet/domain';

/** A bitrate in kbps as spec 000 §9 shows it (Mbps with one decimal above 1000 kbps). */
export function useBitrateText(): (kbps: number) => string | null {
  const { t } = useTranslation();
  return (kbps) => {
    const formatted = formatBitrate(kbps);
    if (!formatted) return null;
    return formatted.unit === 'Mbps' ? t('units.bitrate.mbps', { value: formatted.value }) : t('units.bitrate.kbps', { value: formatted.value });
  };
}
