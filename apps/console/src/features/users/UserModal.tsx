/**
 * The user modal of /users: a new user (POST v2/users) or an existing one (GET v2/users/{id},
 * following it over /ws while untouched; PUT v2/users/{id} at the version read), every rule of
 * spec 001 §5 inline in the spec's words (the calls' own body schemas), the inventories among the
 * caller's (at least one), the password expiry policy, a new password (PUT .../password), the
 * user's groups (PUT .../groups), deactivate/activate (PUT .../active) and delete with a
 * confirmation, and the "unit and license activation" permission granted or revoked. SSO and enterprise users, and users of a type above the caller's, are shown
 * read-only (spec 001 §6). A screen may add a section of its own for a user the caller may change
 * (`extra`: the system admin console's inventories of the user).
 */
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { MultiSelect } from '../../components/MultiSelect';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_EXPIRY_POLICIES } from '@fleet/contracts';
import type { CreateUserBody, Role, UpdateUserBody, UserAccountDetail } from '@fleet/contracts';
import { endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { hasErrors, serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useForm } from '../../lib/forms/useForm';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { ErrorAlert, MutedText, ResourceForm, ResourceModal, useCanApply, useToastMutation, type Field } from '../../kit';
import {
  assignableTypes,
  canEditUser,
  checkCreate,
  checkPassword,
  checkUpdate,
  createBody,
  EMPTY_PASSWORD_FORM,
  newUserForm,
  updateBody,
  userForm,
} from './userForms';
import type { PasswordForm, UserForm } from './userForms';
import { LicencePermissionSection } from './LicencePermissionSection';
import { dateText } from '../../lib/dateFormat';

interface Props {
  /** null: a new user. */
  readonly userId: string | null;
  readonly onClose: () => void;
  readonly onCreated: (id: string) => void;
  readonly extra?: ExtraSection;
}

/** A section of the screen's own, after the user's groups. */
interface ExtraSection {
  readonly label: string;
  readonly render: (user: UserAccountDetail) => ReactNode;
}

/** The user's fields (test ids `user-form-<name>`): the types the caller may give, the inventories among the caller's. */
function userFields(types: readonly Role[], inventories: readonly { id: string; name: string }[]): readonly Field<UserForm>[] {
  return [
    { kind: 'text', name: 'username', label: 'users.fields.username' },
    { kind: 'text', name: 'email', label: 'users.fields.email' },
    { kind: 'text', name: 'firstName', label: 'users.fields.firstName' },
    { kind: 'text', name: 'lastName', label: 'users.fields.lastName' },
    {
      kind: 'select',
      name: 'userType',
      label: 'users.fields.userType',
      options: (t) => types.map((role) => ({ value: role, label: t(`users.types.${role}`) })),
    },
    { kind: 'text', name: 'userLabel', label: 'users.fields.userLabel' },
    {
      kind: 'multiselect',
      name: 'inventoryIds',
      label: 'users.fields.inventories',
      testId: 'inventories',
      options: () => inventories.map((i) => ({ value: i.id, label: i.name })),
    },
    {
      kind: 'select',
      name: 'passwordExpiryPolicy',
      label: 'users.fields.passwordExpiryPolicy',
      testId: 'expiry',
      options: (t) => PASSWORD_EXPIRY_POLICIES.map((p) => ({ value: p, label: t(`users.expiry.${p}`) })),
    },
    { kind: 'password', name: 'password', label: 'users.fields.password', only: 'create' },
    { kind: 'password', name: 'passwordConfirmation', label: 'users.fields.passwordConfirmation', only: 'create' },
    { kind: 'switch', name: 'onDemandActivation', label: 'users.fields.onDemandActivation' },
    { kind: 'switch', name: 'receiveUpdates', label: 'users.fields.receiveUpdates' },
  ];
}

export default function UserModal({ userId, onClose, onCreated, extra }: Props) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getUser', { params: { id: userId ?? '' } }, { enabled: userId !== null });
  return (
    <ResourceModal
      testId="user"
      size="xl"
      title={userId === null ? t('users.modal.newTitle') : t('users.modal.editTitle', { username: query.data?.username ?? '' })}
      isNew={userId === null}
      query={query}
      editor={(user) => <UserEditor user={user} refreshing={user !== null && query.isFetching} onClose={onClose} onCreated={onCreated} extra={extra} />}
      tabs={[]}
      onClose={onClose}
    />
  );
}

/**
 * `refreshing`: the user is being read again (after a change here or elsewhere). The calls that send
 * the user's version (save, activate / deactivate) wait for it, so a change made just before is not
 * refused as a conflict.
 */
function UserEditor({
  user,
  refreshing,
  onClose,
  onCreated,
  extra,
}: {
  user: UserAccountDetail | null;
  refreshing: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
  extra: ExtraSection | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const myRoles = useMemo((): Role[] => (me ? rolesOf(me) : []), [me]);
  const inventories = useMemo(() => me?.inventories ?? [], [me]);
  const choosable = useMemo(() => new Set(inventories.map((i) => i.id)), [inventories]);
  const source = useMemo(() => (user ? userForm(user, choosable) : newUserForm([...choosable])), [user, choosable]);
  const validate = user ? checkUpdate : checkCreate;
  const form = useForm<UserForm>(source, validate);
  const editable = user === null || canEditUser(myRoles, user);
  const fields = useMemo(() => {
    const allowed = assignableTypes(myRoles);
    const types = user && !allowed.includes(user.userType) ? [user.userType, ...allowed] : allowed;
    return userFields(types, inventories);
  }, [myRoles, user, inventories]);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('searchUsers') });
    if (user) void queryClient.invalidateQueries({ queryKey: ['getUser', { params: { id: user.id } }] });
  }, [queryClient, user]);

  const { submit, saved, failed } = form;
  const onError = (e: unknown) => failed(e);
  const create = useToastMutation('createUser', { success: (created) => t('users.modal.created', { username: created.username }), onError });
  const update = useToastMutation('updateUser', { success: (updated) => t('users.modal.saved', { username: updated.username }), onError });
  const pending = create.isPending || update.isPending;
  const save = () => {
    const values = submit();
    if (values === null) return;
    if (user === null) {
      create.mutate(
        { body: createBody(values) as CreateUserBody },
        {
          onSuccess: (created) => {
            saved();
            refresh();
            onCreated(created.id);
          },
        },
      );
    } else {
      update.mutate(
        { params: { id: user.id }, body: updateBody(values, user.version) as UpdateUserBody },
        {
          onSuccess: () => {
            saved();
            refresh();
          },
        },
      );
    }
  };
  const failure = form.error != null && !hasErrors(serverFieldErrors(form.error)) && form.error;
  const disabled = !editable || pending;

  return (
    <Stack gap="md" data-testid="user-editor" data-editable={String(editable)}>
      {user && (user.sso || user.enterprise) && (
        <Alert color="grape" data-testid="user-managed-externally">
          {t('apiErrors.USER_MANAGED_BY_IT_ADMIN')}
        </Alert>
      )}
      {user && !user.managedExternally && !editable && (
        <Alert color="gray" data-testid="user-above-caller">
          {t('apiErrors.NOT_AVAILABLE_FOR_USER_TYPE')}
        </Alert>
      )}
      {user && (
        <Group gap="xs">
          <Badge color={user.active ? 'green' : 'gray'} variant="light" data-testid="user-modal-active" data-active={String(user.active)}>
            {user.active ? t('users.active') : t('users.inactive')}
          </Badge>
          {user.sso && <Badge variant="outline">{t('users.sso')}</Badge>}
          {user.enterprise && (
            <Badge variant="outline" color="grape">
              {t('users.enterprise')}
            </Badge>
          )}
          {user.passwordExpiresAt && (
            <MutedText>{t('users.modal.passwordExpires', { date: dateText(user.passwordExpiresAt, (d) => d.toLocaleDateString()) })}</MutedText>
          )}
        </Group>
      )}
      <ResourceForm fields={fields} form={form} testId="user-form" isNew={user === null} readOnly={disabled} errorTestId={(name) => `user-error.${name}`} />
      <ErrorAlert error={failure} testId="user-form-failure" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="user-form-cancel">
          {t('users.modal.close')}
        </Button>
        {editable && (
          <Button onClick={save} loading={pending} disabled={refreshing} data-testid="user-form-save">
            {user === null ? t('users.modal.create') : t('users.modal.save')}
          </Button>
        )}
      </Group>
      {user && editable && (
        <>
          <Divider label={t('users.modal.groupsSection')} labelPosition="left" />
          <GroupsSection user={user} onDone={refresh} />
          {extra && (
            <>
              <Divider label={extra.label} labelPosition="left" />
              {extra.render(user)}
            </>
          )}
          <Divider label={t('users.modal.passwordSection')} labelPosition="left" />
          <PasswordSection user={user} onDone={refresh} />
          <LicencePermissionDivider />
          <LicencePermissionSection user={user} />
          <Divider label={t('users.modal.stateSection')} labelPosition="left" />
          <StateSection user={user} refreshing={refreshing} self={me?.id === user.id} onChanged={refresh} onDeleted={onClose} />
        </>
      )}
    </Stack>
  );
}

/** The permission section's divider, only where the section shows. */
function LicencePermissionDivider() {
  const { t } = useTranslation();
  return useCanApply('setLicencePermission') ? <Divider label={t('users.licencePermission.title')} labelPosition="left" /> : null;
}

/**
 * The user's groups (PUT v2/users/{id}/groups): among the caller's groups of the user's
 * inventories, and the groups the user already has that the caller sees.
 */
function GroupsSection({ user, onDone }: { user: UserAccountDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const held = useMemo(() => user.groups.map((g) => g.id), [user.groups]);
  const [chosen, setChosen] = useState<readonly string[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const options = useMemo(() => {
    const inventories = new Set(user.inventories.map((i) => i.id));
    const byId = new Map<string, string>(user.groups.map((g) => [g.id, g.name]));
    for (const g of me?.groups ?? []) if (inventories.has(g.inventoryId)) byId.set(g.id, g.name);
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [me, user.groups, user.inventories]);
  const mutation = useToastMutation('setUserGroups', {
    success: () => t('users.modal.saved', { username: user.username }),
    onSuccess: () => {
      setChosen(null);
      setFailure(null);
      onDone();
    },
    onError: setFailure,
  });
  const value = chosen ?? held;
  const apply = () => mutation.mutate({ params: { id: user.id }, body: { groupIds: [...value] } });
  return (
    <Stack gap="xs">
      <MultiSelect label={t('users.fields.groups')} data={options} value={[...value]} onChange={setChosen} searchable data-testid="user-form-groups" />
      <ErrorAlert error={failure} />
      <Group justify="flex-end">
        <Button variant="light" onClick={apply} loading={mutation.isPending} disabled={chosen === null} data-testid="user-groups-apply">
          {t('users.modal.saveGroups')}
        </Button>
      </Group>
    </Stack>
  );
}

const PASSWORD_FIELDS: readonly Field<PasswordForm>[] = [
  { kind: 'password', name: 'password', label: 'users.fields.newPassword', testId: 'new' },
  { kind: 'password', name: 'passwordConfirmation', label: 'users.fields.passwordConfirmation', testId: 'confirmation' },
];

function PasswordSection({ user, onDone }: { user: UserAccountDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<PasswordForm>(EMPTY_PASSWORD_FORM, checkPassword);
  const { submit, failed, reset } = form;
  const mutation = useToastMutation('setUserPassword', {
    success: () => t('users.modal.passwordSet', { username: user.username }),
    onSuccess: () => {
      // Back to empty fields (the form's source): a password is never kept in the form.
      reset();
      onDone();
    },
    onError: (e) => failed(e),
  });
  const apply = () => {
    const values = submit();
    if (values !== null) mutation.mutate({ params: { id: user.id }, body: values });
  };
  return (
    <Stack gap="xs">
      <ResourceForm fields={PASSWORD_FIELDS} form={form} testId="user-password" isNew={false} />
      <ErrorAlert error={form.error != null && !hasErrors(serverFieldErrors(form.error)) && form.error} />
      <Group justify="flex-end">
        <Button variant="light" onClick={apply} loading={mutation.isPending} data-testid="user-password-apply">
          {t('users.modal.setPassword')}
        </Button>
      </Group>
    </Stack>
  );
}

function StateSection({
  user,
  refreshing,
  self,
  onChanged,
  onDeleted,
}: {
  user: UserAccountDetail;
  refreshing: boolean;
  self: boolean;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const active = useToastMutation('setUserActive', {
    success: (u) => (u.active ? t('users.modal.activated', { username: u.username }) : t('users.modal.deactivated', { username: u.username })),
    onSuccess: () => {
      setFailure(null);
      onChanged();
    },
    onError: setFailure,
  });
  const remove = useToastMutation('deleteUser', {
    success: () => t('users.modal.deleted', { username: user.username }),
    onSuccess: () => {
      onChanged();
      onDeleted();
    },
    onError: (e) => {
      setConfirming(false);
      setFailure(e);
    },
  });
  const toggle = () => active.mutate({ params: { id: user.id }, body: { active: !user.active, version: user.version } });
  const doDelete = () => remove.mutate({ params: { id: user.id } });
  return (
    <Stack gap="xs">
      {self && <MutedText testId="user-self-note">{t('apiErrors.USER_SELF_REMOVAL')}</MutedText>}
      <ErrorAlert error={failure} testId="user-state-failure" />
      <Group justify="flex-end">
        <Button
          variant="light"
          color={user.active ? 'orange' : 'green'}
          onClick={toggle}
          loading={active.isPending}
          disabled={refreshing || (self && user.active)}
          data-testid="user-toggle-active"
        >
          {user.active ? t('users.modal.deactivate') : t('users.modal.activate')}
        </Button>
        {confirming ? (
          <Group gap="xs" data-testid="user-delete-confirm">
            <Text size="sm">{t('users.modal.deleteConfirm', { username: user.username })}</Text>
            <Button variant="default" onClick={() => setConfirming(false)} data-testid="user-delete-cancel">
              {t('users.modal.cancel')}
            </Button>
            <Button color="red" onClick={doDelete} loading={remove.isPending} data-testid="user-delete-yes">
              {t('users.modal.delete')}
            </Button>
          </Group>
        ) : (
          <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={self} data-testid="user-delete">
            {t('users.modal.delete')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
