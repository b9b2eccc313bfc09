/**
 * The unit's pairing code (spec 000 §3 "pairing code mode"; §7 v2/units/{id}/settings/pairingCode):
 * read afresh each time it opens — whether pairing by code is on, the code and until when it is
 * valid. Removing the pairing is its own confirmed action.
 */
import { Badge, Code, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { ErrorNote } from '../../kit/DialogParts';
import { unitActionModal, type UnitActionModalProps } from '../../kit/unitActionModal';
import { CloseFooter } from '../../kit/ModalParts';
import { LabelledValue } from '../../kit/NameValues';
import { MutedText } from '../../kit/MutedText';
import { dateText } from '../../lib/dateFormat';

function PairingCode({ unit, onClose }: Omit<UnitActionModalProps, 'opened'>) {
  const { t, i18n } = useTranslation();
  const read = useEndpointQuery('getUnitPairingCode', { params: { id: unit.uniqueId } }, { staleTime: 0, refetchOnMount: 'always', retry: false });
  const info = read.data;
  return (
    <Stack gap="sm" data-testid="unit-pairing-code">
      <Text size="sm">{t('unitActions.common.unit', { name: unit.name })}</Text>
      {read.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      <ErrorNote testId="unit-pairing-code-error" error={read.error} />
      {info !== undefined && (
        <SimpleGrid cols={3} spacing="sm">
          <LabelledValue label={t('unitActions.pairingCode.mode')}>
            <Badge variant="light" color={info.enabled ? 'green' : 'gray'} w="fit-content" data-testid="unit-pairing-code-mode" data-enabled={info.enabled}>
              {info.enabled ? t('unitActions.pairingCode.on') : t('unitActions.pairingCode.off')}
            </Badge>
          </LabelledValue>
          <LabelledValue label={t('unitActions.pairingCode.code')}>
            {info.code == null ? (
              <MutedText testId="unit-pairing-code-value">{t('unitActions.pairingCode.noCode')}</MutedText>
            ) : (
              <Code fz="md" data-testid="unit-pairing-code-value">
                {info.code}
              </Code>
            )}
          </LabelledValue>
          <LabelledValue label={t('unitActions.pairingCode.expires')} testId="unit-pairing-code-expires">
            {info.expiresAt == null ? t('unitActions.pairingCode.noExpiry') : dateText(info.expiresAt, (d) => d.toLocaleString(i18n.language))}
          </LabelledValue>
        </SimpleGrid>
      )}
      <CloseFooter testId="unit-pairing-code-close" onClose={onClose} label={t('unitActions.common.close')} />
    </Stack>
  );
}

export default unitActionModal((t) => t('unitActions.pairingCode.title'), PairingCode);
