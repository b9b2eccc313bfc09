/**
 * AI session dialog (spec 000 §2 names it; 000 §6 "Read Only users cannot use AI"; 001 §3 managed
 * service ai_integration, AI credentials; 001 §2 system settings ai_settings).
 *
 * Reading: no call of either spec starts or stops an AI session on a unit, and the unit's services
 * (v2/units/{id}/services, SERVICES) have no AI service — AI integration is a managed service of the
 * inventory, configured by the platform admin. So the dialog is informative, backed by the unit
 * read it already has (GET v2/units/{id}: status, applications, services): whether the unit streams
 * (an AI session works on the live stream), the unit's services and their state, what an AI session
 * needs, and for read-only users "Not available for your user type". It offers no action.
 */
import { Badge, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON_ROLES, hasAnyRole } from '@fleet/contracts';
import { isServiceEnabled, isStreaming } from '@fleet/domain';
import { useEndpointQuery } from '../../api/hooks';
import { useUserRoles } from '../../kit/access';
import { DialogFooter, ErrorNote, ReadOnlyNote, unitDialog, UnitHeading, type UnitDialogProps } from '../../kit/DialogParts';
import { MutedText } from '../../kit/MutedText';
import { unitStatusLabel } from '../../lib/statusLabels';

function AiSessionBody({ unitId, onClose }: Omit<UnitDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const mayUseAi = hasAnyRole(useUserRoles(), APPLY_BUTTON_ROLES);
  const unit = useEndpointQuery('getUnit', { params: { id: unitId } });
  const detail = unit.data;
  const streaming = detail ? isStreaming(detail.applications) : false;

  return (
    <Stack data-testid="dialog-aiSession" gap="sm">
      {unit.isPending && <Loader size="sm" />}
      {unit.isError && <ErrorNote testId="ai-session-load-error" message={t('dialogs.common.loadFailed')} />}
      {detail && (
        <>
          <UnitHeading name={detail.name} />
          <Text size="sm">{t('dialogs.aiSession.intro')}</Text>
          {!mayUseAi && <ReadOnlyNote />}
          <Group gap="xs">
            <Text size="sm">{t('dialogs.aiSession.status')}:</Text>
            <Badge variant="light" data-testid="ai-session-unit-status" data-status={detail.status}>
              {unitStatusLabel(t, detail.status)}
            </Badge>
          </Group>
          <Text size="sm" data-testid="ai-session-streaming" data-streaming={streaming}>
            {streaming ? t('dialogs.aiSession.streaming') : t('dialogs.aiSession.notStreaming')}
          </Text>
          <Text size="sm" fw={600}>
            {t('dialogs.aiSession.services')}
          </Text>
          {detail.services.length === 0 ? (
            <MutedText>{t('dialogs.aiSession.noServices')}</MutedText>
          ) : (
            <List size="sm" data-testid="ai-session-services">
              {detail.services.map((s) => (
                <List.Item key={s.serviceName}>
                  {s.serviceName}: {isServiceEnabled(s.serviceStatus) ? t('dialogs.aiSession.enabled') : t('dialogs.aiSession.notEnabled')}
                </List.Item>
              ))}
            </List>
          )}
          <MutedText>{t('dialogs.aiSession.requirement')}</MutedText>
          {mayUseAi && <MutedText testId="ai-session-not-yet">{t('dialogs.aiSession.notYet')}</MutedText>}
          <DialogFooter testId="ai-session" onClose={onClose} canAct />
        </>
      )}
    </Stack>
  );
}

export default unitDialog('dialogs.aiSession.title', AiSessionBody);
