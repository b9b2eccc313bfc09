import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@fleet/contracts';
import { isLanguage, SUPPORTED_LANGUAGES } from '../i18n';
import { useLanguageSwitch } from '../session/hooks';

/**
 * English / 中文; remembered in this browser and in the user's preferences. The console header's
 * switch is `language-switch`; the one on pages outside the console gets its own test id, so a
 * test never finds the login page's switch while the console is replacing it.
 */
export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useLanguageSwitch();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="compact-sm"
          data-testid={testId}
          aria-label={`${t(`language.${current}`)} – ${t('language.label')}`}
          data-language={current}
        >
          {t(`language.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SUPPORTED_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            data-testid={`${testId}-${language}`}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => void switchLanguage(language)}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
