/**
 * The user menu's about (spec 000 §2): the product, the console's version (from its build) and the
 * languages it speaks. The core does not say its version in the client configuration, so none is shown.
 */
import { Stack, Text } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import consolePackage from '../../../package.json';
import { MutedText } from '../../kit';

export function AboutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('userMenu.about')} data-testid="about-modal">
      <Stack gap="xs">
        <Text fw={600} data-testid="about-product">
          {t('app.name')}
        </Text>
        <Text data-testid="about-console-version">{t('account.about.consoleVersion', { version: consolePackage.version })}</Text>
        <MutedText>{t('account.about.languages')}</MutedText>
      </Stack>
    </Modal>
  );
}
