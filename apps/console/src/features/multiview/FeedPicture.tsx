import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitSummary } from '@fleet/contracts';
import { mockPreviewUrl } from './multiviewState';
import classes from './Multiview.module.css';

/** Where a tile's picture comes from: the mock's test card, none (a core that offers no preview), or not known yet. */
export type PreviewSource = 'mock' | 'none' | 'pending';

type PictureUnit = Pick<UnitSummary, 'uniqueId' | 'name' | 'status' | 'totalBitrate' | 'channelsInUse' | 'selectedChannel'>;

/**
 * A feed's picture. With the mock: the unit's test card (an SVG that moves by itself; a new one is
 * fetched only when what it shows changes). A real core's API has no call that delivers a unit's
 * picture, so there the tile says plainly that there is no preview.
 */
export function FeedPicture({ unit, source }: { unit: PictureUnit; source: PreviewSource }) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  return (
    <Box className={classes.fill} data-testid={`multiview-tile-picture-${id}`} data-source={source}>
      {source === 'mock' && (
        <img
          className={classes.image}
          src={mockPreviewUrl(unit)}
          alt={t('multiview.feeds.picture', { name: unit.name })}
          decoding="async"
          data-testid={`multiview-tile-image-${id}`}
        />
      )}
      {source === 'none' && (
        <div className={classes.noPreview} data-testid={`multiview-tile-no-preview-${id}`}>
          <Text fw={700} size="sm">
            {t('multiview.feeds.noPreview')}
          </Text>
          <Text size="xs">{t('multiview.feeds.noPreviewHint')}</Text>
        </div>
      )}
    </Box>
  );
}
