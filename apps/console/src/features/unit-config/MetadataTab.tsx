/** Metadata tab: the key/value pairs the unit embeds in its stream and files (no semicolons, spec 000 §5). */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNIT_CONFIG_BOUNDS, type UnitConfiguration } from '@fleet/contracts';
import { RowList } from '../../kit/ConfigFields';
import { metadataBody, metadataForm, validateMetadataForm } from './forms';
import { ConfigCard, useAllowed } from './parts';
import { MutedText } from '../../kit/MutedText';

export default function MetadataTab({ config }: { readonly config: UnitConfiguration }) {
  const { t } = useTranslation();
  const allowed = useAllowed('commandMetadata');
  return (
    <ConfigCard
      formId="metadata"
      title={t('unitConfig.metadata.title')}
      endpoint="commandMetadata"
      source={metadataForm(config)}
      validate={validateMetadataForm}
      toBody={metadataBody}
      shows={['fields']}
    >
      {(form, error) => (
        <>
          <MutedText>{t('unitConfig.metadata.hint')}</MutedText>
          <RowList
            prefix="config-metadata"
            path="fields"
            rows={form.values.fields}
            onChange={(fields) => form.set({ fields })}
            fields={() => [
              { kind: 'text', name: 'key', label: t('unitConfig.metadata.key') },
              { kind: 'text', name: 'value', label: t('unitConfig.metadata.value') },
            ]}
            error={error}
            removeLabel={allowed ? t('unitConfig.remove') : undefined}
            add={allowed ? { label: t('unitConfig.metadata.add'), row: () => ({ key: '', value: '' }), max: UNIT_CONFIG_BOUNDS.metadataFieldsMax } : undefined}
          />
          {form.errors.fields !== undefined && (
            <Text size="sm" c="red">
              {error('fields')}
            </Text>
          )}
        </>
      )}
    </ConfigCard>
  );
}
