/** Metadata tab: the key/value pairs the unit embeds in its stream and files (no semicolons, spec 000 §5). */
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MetadataBody, UNIT_CONFIG_BOUNDS, type UnitConfiguration } from '@fleet/contracts';
import { metadataBody, metadataForm, validateMetadataForm, type MetadataRow } from './forms';
import { ConfigCard, useAllowed } from './parts';

export default function MetadataTab({ config }: { readonly config: UnitConfiguration }) {
  const { t } = useTranslation();
  const allowed = useAllowed('commandMetadata');
  return (
    <ConfigCard
      formId="metadata"
      title={t('unitConfig.metadata.title')}
      endpoint="commandMetadata"
      kind="command"
      source={metadataForm(config)}
      validate={validateMetadataForm}
      schema={MetadataBody}
      toBody={metadataBody}
    >
      {(form, error) => {
        const rows = form.values.fields;
        const setRow = (index: number, patch: Partial<MetadataRow>) => form.set({ fields: rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
        return (
          <>
            <Text size="sm" c="dimmed">
              {t('unitConfig.metadata.hint')}
            </Text>
            {rows.map((row, i) => (
              <Group key={i} grow align="flex-start">
                <TextInput
                  label={t('unitConfig.metadata.key')}
                  value={row.key}
                  onChange={(e) => setRow(i, { key: e.currentTarget.value })}
                  error={error(`fields.${i}.key`)}
                  data-testid={`config-metadata-key-${i}`}
                />
                <TextInput
                  label={t('unitConfig.metadata.value')}
                  value={row.value}
                  onChange={(e) => setRow(i, { value: e.currentTarget.value })}
                  error={error(`fields.${i}.value`)}
                  data-testid={`config-metadata-value-${i}`}
                />
                {allowed && (
                  <Button
                    variant="subtle"
                    color="red"
                    mt="xl"
                    onClick={() => form.set({ fields: rows.filter((_, j) => j !== i) })}
                    data-testid={`config-metadata-remove-${i}`}
                  >
                    {t('unitConfig.remove')}
                  </Button>
                )}
              </Group>
            ))}
            {form.errors.fields !== undefined && (
              <Text size="sm" c="red">
                {error('fields')}
              </Text>
            )}
            {allowed && rows.length < UNIT_CONFIG_BOUNDS.metadataFieldsMax && (
              <Group>
                <Button variant="light" onClick={() => form.set({ fields: [...rows, { key: '', value: '' }] })} data-testid="config-metadata-add">
                  {t('unitConfig.metadata.add')}
                </Button>
              </Group>
            )}
          </>
        );
      }}
    </ConfigCard>
  );
}
