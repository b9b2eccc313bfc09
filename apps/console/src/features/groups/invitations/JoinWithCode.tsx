/**
 * Joining a group with a code, on the easy-live page (spec 001 §1 "Guests and freelancers take part
 * through ad-hoc or permanent invitations"; §2 the easy-live entry page and "add LU-Smart/Lite";
 * the reading: packages/contracts/src/entities/invitations.ts). The link of a guest invitation, of
 * a group's ad-hoc code or of its permanent key opens the page with the code filled in
 * (`?invitation=`); the person gives the name their device takes (a guest invitation's device keeps
 * the invited name when left empty) and which device it is, and POST groups/join makes it a unit
 * of the code's group. The call's own schema checks the fields first, in the spec's words; the
 * core's refusals (a wrong or expired code, a device the plan does not admit, a name in use) show
 * under their field.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JOIN_PRODUCT_TYPES, JoinGroupBody, type JoinedDevice, type JoinProductType } from '@fleet/contracts';
import { ApiError } from '../../../api/ApiError';
import { useApiErrorMessage } from '../../../api/errorMessage';
import { useEndpointMutation } from '../../../api/hooks';
import { useSpecText } from '../../../lib/forms/specText';
import { useCanCall } from '../../../kit/access';
import { apiFieldErrors, parseBody, type FieldErrors } from '../../../lib/forms/fieldErrors';
import { MutedText, StrongText } from '../../../kit/MutedText';
import { UnshownErrors } from '../../../kit/UnshownErrors';
import { enumLabel } from '../../../lib/tolerant';
import { dateText } from '../../../lib/dateFormat';

/** The form's fields as typed; an empty name is left out (a guest invitation's device keeps the invited one). */
export function joinBody(values: { code: string; deviceName: string; productType: JoinProductType }): {
  code: string;
  productType: JoinProductType;
  deviceName?: string;
} {
  const name = values.deviceName.trim();
  return { code: values.code.trim(), productType: values.productType, ...(name === '' ? {} : { deviceName: name }) };
}

function Joined({ device }: { readonly device: JoinedDevice }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="green" title={t('entryPages.join.doneTitle')} data-testid="join-done" data-unit={device.unitId}>
      <Stack gap={4}>
        <Text size="sm">{t('entryPages.join.done', { name: device.name, group: device.groupName })}</Text>
        <Text size="sm">{t('entryPages.join.plan', { plan: enumLabel(t, 'groups.invitations.planTypes', device.planType), device: device.productType })}</Text>
        <Text size="sm" data-testid="join-done-stay">
          {device.expiresAt == null
            ? t('entryPages.join.staysPermanently')
            : t('entryPages.join.staysUntil', { date: dateText(device.expiresAt, (d) => d.toLocaleString(i18n.language)) })}
        </Text>
      </Stack>
    </Alert>
  );
}

export function JoinWithCode({ initialCode }: { readonly initialCode: string }) {
  const { t } = useTranslation();
  const spec = useSpecText();
  const errorText = useApiErrorMessage();
  const canJoin = useCanCall('joinGroupWithCode');
  const [code, setCode] = useState(initialCode);
  const [deviceName, setDeviceName] = useState('');
  const [productType, setProductType] = useState<JoinProductType>('LU-Smart');
  const [errors, setErrors] = useState<FieldErrors>({});
  const join = useEndpointMutation('joinGroupWithCode');
  if (!canJoin) return null;

  const fieldError = (field: string) => {
    const message = errors[field];
    return message === undefined ? undefined : spec(message);
  };
  const onJoin = () => {
    const parsed = parseBody(JoinGroupBody, joinBody({ code, deviceName, productType }));
    setErrors(parsed.errors ?? {});
    if (parsed.data == null) return;
    join.mutate({ body: parsed.data }, { onError: (e) => setErrors(apiFieldErrors(e)) });
  };
  const fieldsRefused = Object.keys(errors).length > 0;

  return (
    <Paper withBorder p="md" data-testid="join-with-code">
      <Stack gap="sm">
        <Title order={4}>{t('entryPages.join.title')}</Title>
        <MutedText>{t('entryPages.join.intro')}</MutedText>
        {join.data ? (
          <>
            <Joined device={join.data} />
            <Group>
              <Button
                variant="light"
                onClick={() => {
                  join.reset();
                  setDeviceName('');
                }}
                data-testid="join-another"
              >
                {t('entryPages.join.another')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <TextInput
              label={t('entryPages.join.code')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fieldError('code')}
              autoComplete="off"
              data-testid="join-code"
            />
            <TextInput
              label={t('entryPages.join.deviceName')}
              description={t('entryPages.join.deviceNameHint')}
              value={deviceName}
              onChange={(e) => setDeviceName(e.currentTarget.value)}
              error={fieldError('deviceName')}
              data-testid="join-device-name"
            />
            <Stack gap={4}>
              <StrongText>{t('entryPages.join.device')}</StrongText>
              <SegmentedControl
                value={productType}
                onChange={(v) => setProductType(JOIN_PRODUCT_TYPES.find((p) => p === v) ?? productType)}
                data={JOIN_PRODUCT_TYPES.map((p) => ({ value: p, label: p }))}
                data-testid="join-product"
              />
              {errors.productType !== undefined && (
                <Text size="xs" c="red" data-testid="join-product-error">
                  {spec(errors.productType)}
                </Text>
              )}
            </Stack>
            <UnshownErrors errors={errors} shown={['code', 'deviceName', 'productType']} testId="join-unshown-errors" />
            {join.error && !fieldsRefused && (
              <Alert color="red" role="alert" data-testid="join-error">
                {/* A wrong code is a field refusal: a 404 or 405 says this core has no joining call (not in the spec's list). */}
                {join.error instanceof ApiError && (join.error.status === 404 || join.error.status === 405)
                  ? t('entryPages.join.notOffered')
                  : errorText(join.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={onJoin} loading={join.isPending} data-testid="join-submit">
                {t('entryPages.join.submit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
