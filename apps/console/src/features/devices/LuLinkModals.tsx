/**
 * The LU-Link tab's modals (spec 001 §7 Point-to-point), on the resource kit's FormPanel: a link
 * created on its master unit (POST v2/p2p/{id}) or changed (PUT v2/p2p/{id}, with the version it
 * was read at), and the groups a link is shared with and which of them are selected (PUT
 * v2/p2p/{id}/groups). Fields and rules are luLinkForm.ts; the spec's messages show inline, the
 * core's refusals too (under their field, else above the form).
 *
 * Test ids: `lulink-form-modal`, `lulink-form-<field>`, `lulink-form-error.<field>`,
 * `lulink-form-form-error`, `lulink-form-save`, `lulink-form-cancel`; the same under
 * `lulink-groups-form` for the groups.
 */
import { useCallback } from 'react';
import { Modal } from '../../components/Overlays';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { P2pLink, P2pLinkGroup, UnitSummary } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { replaces } from '../../kit/cache';
import { FormPanel } from '../../kit/FormPanel';
import type { Field } from '../../kit/formRules';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useForm, type Form } from '../../lib/forms/useForm';
import { useToastMutation } from '../../kit/useToastMutation';
import {
  checkGroups,
  checkLinkChange,
  checkNewLink,
  createLinkBody,
  errorsByField,
  groupOptions,
  groupsBody,
  groupsFields,
  groupsForm,
  linkFields,
  linkForm,
  machineOptions,
  updateLinkBody,
} from './luLinkForm';

const FORM = 'lulink-form';
const GROUPS_FORM = 'lulink-groups-form';

/** Keeps a link the core answered in the cache of its read (an older copy never replaces a newer one). */
export function useKeepLink(): (link: P2pLink) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (link: P2pLink) => {
      const key = endpointKey('getP2pLink', { params: { id: link.id } });
      if (replaces(link, queryClient.getQueryData<P2pLink>(key))) queryClient.setQueryData(key, link);
    },
    [queryClient],
  );
}

/** The core's refusal: its field errors under the form's fields, the rest in the alert above. */
function failed<V>(form: Form<V>, fields: readonly Field<V>[], error: unknown): void {
  form.failed(
    error,
    errorsByField(
      serverFieldErrors(error),
      fields.map((f) => f.name),
    ),
  );
}

/** What the link form edits: a new link of the master unit, or an existing link. */
export type LinkTarget = { readonly master: string; readonly masterName: string } | { readonly link: P2pLink };

interface LinkFormModalProps {
  readonly target: LinkTarget;
  /** The units the user sees (the machines offered). */
  readonly units: readonly UnitSummary[];
  readonly onClose: () => void;
  /** The link as the core answered it (created or changed). */
  readonly onSaved: (link: P2pLink) => void;
}

export function LinkFormModal({ target, units, onClose, onSaved }: LinkFormModalProps) {
  const { t } = useTranslation();
  const link = 'link' in target ? target.link : null;
  const master = 'link' in target ? target.link.uniqueID : target.master;
  const groups = useEndpointQuery('fetchGroups', {}, { enabled: link === null });
  const form = useForm(linkForm(link), link === null ? checkNewLink(master ?? '') : checkLinkChange(master));
  const fields = linkFields(form.values.kind, { units: machineOptions(units, master, form.values.machines), groups: groupOptions(groups.data ?? []) });
  const done = (key: 'created' | 'saved') => ({
    success: (answer: P2pLink) => t(`devices.luLink.${key}`, { name: answer.name }),
    onSuccess: (answer: P2pLink) => (onSaved(answer), onClose()),
    onError: (error: unknown) => failed(form, fields, error),
  });
  const create = useToastMutation('createP2pLink', done('created'));
  const update = useToastMutation('updateP2pLink', done('saved'));
  const save = () => {
    const values = form.submit();
    if (!values) return;
    if (link === null) create.mutate({ params: { id: master ?? '' }, body: createLinkBody(values) });
    else update.mutate({ params: { id: link.id }, body: updateLinkBody(values, link.version) });
  };
  const title = 'link' in target ? t('devices.luLink.editTitle', { name: target.link.name }) : t('devices.luLink.newTitle', { name: target.masterName });
  return (
    <Modal opened onClose={onClose} size="lg" title={title} data-testid={`${FORM}-modal`}>
      <FormPanel
        form={form}
        fields={fields}
        testId={FORM}
        isNew={link === null}
        onSave={save}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
      />
    </Modal>
  );
}

interface LinkGroupsModalProps {
  readonly link: P2pLink;
  /** The groups the link is shared with, as GET v2/p2p/{id}/groups answered them. */
  readonly groups: readonly P2pLinkGroup[];
  readonly onClose: () => void;
}

export function LinkGroupsModal({ link, groups, onClose }: LinkGroupsModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useEndpointQuery('fetchGroups');
  const form = useForm(groupsForm(groups), checkGroups);
  const fields = groupsFields(groupOptions(mine.data ?? [], groups));
  const set = useToastMutation('setP2pLinkGroups', {
    success: () => t('devices.luLink.groupsSaved', { name: link.name }),
    onError: (error) => failed(form, fields, error),
    onSuccess: () => {
      // The groups, the selected ones and the link (its version moved) are read again.
      const params = { params: { id: link.id } };
      for (const key of [endpointKey('getP2pLinkGroups', params), endpointKey('getP2pLinkSelectedGroups', params), endpointKey('getP2pLink', params)]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
      onClose();
    },
  });
  const save = () => {
    const values = form.submit();
    if (!values) return;
    set.mutate({ params: { id: link.id }, body: groupsBody(values) });
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={t('devices.luLink.groupsTitle', { name: link.name })} data-testid="lulink-groups-modal">
      <FormPanel form={form} fields={fields} testId={GROUPS_FORM} onSave={save} onCancel={onClose} saving={set.isPending} />
    </Modal>
  );
}
