/**
 * The page of a /system_settings kind declared on the resource kit: the kit's RowButtonsPage with
 * the kind's Add text. A kind listed per provider or per organisation (`filteredSettingPage`) has
 * that choice above its list (none: every row); another choice shows its list from the first page,
 * and a new row starts with the chosen one.
 */
import { useMemo, useState } from 'react';
import { Select } from '../../components/Pickers';

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RowButtonsPage, type CustomFieldProps, type Option, type Resource, type TextKey } from '../../kit';
import type { SECTIONS } from '../../routing/sections';

export type SystemSettingsKind = (typeof SECTIONS)['systemSettings']['kinds'][number];

/** What every kind's component receives: the kind (servers share one component over four kinds). */
export interface SystemSettingsProps {
  readonly kind: SystemSettingsKind;
}

/** `deleteQuestion`: the confirmation's own question (default "Delete <name>?"). */
export function settingPage<E, V extends object>(resource: Resource<E, E, V>, addLabel: TextKey, deleteQuestion?: (row: E, t: TFunction) => string) {
  return function SettingPage(_props: SystemSettingsProps) {
    const { t } = useTranslation();
    return <RowButtonsPage resource={resource} addLabel={t(addLabel)} deleteQuestion={deleteQuestion && ((row: E) => deleteQuestion(row, t))} />;
  };
}

interface Filter {
  readonly label: TextKey;
  /** The choice's text while none is chosen. */
  readonly all: TextKey;
  readonly testId: string;
  /** The choices (a hook: they are read). */
  readonly useOptions: () => readonly Option[];
}

export function filteredSettingPage<E, V extends object>(resource: (chosen: string | null) => Resource<E, E, V>, addLabel: TextKey, filter: Filter) {
  return function FilteredSettingPage(_props: SystemSettingsProps) {
    const { t } = useTranslation();
    const [chosen, setChosen] = useState<string | null>(null);
    const options = filter.useOptions();
    const shown = useMemo(() => resource(chosen), [chosen]);
    return (
      <RowButtonsPage
        // Another choice: its list from the first page.
        key={chosen ?? ''}
        resource={shown}
        addLabel={t(addLabel)}
        toolbar={
          <Select
            label={t(filter.label)}
            placeholder={t(filter.all)}
            data={options}
            value={chosen}
            onChange={setChosen}
            clearable
            searchable
            data-testid={filter.testId}
          />
        }
      />
    );
  };
}

/** A required choice of a form among options a hook reads (e.g. every provider): a kit select's options are not read. */
export function choiceField<V extends Record<K, string | null>, K extends keyof V & string>(name: K, useOptions: () => readonly Option[]) {
  return function ChoiceField({ form, label, testId, error, readOnly }: CustomFieldProps<V>) {
    // A computed key: the patch names the one value.
    const set = (value: string | null) => form.set({ [name]: value } as Partial<V>);
    const common = { label, error: error(name), disabled: readOnly, 'data-testid': testId };
    return <Select {...common} data={useOptions()} value={form.values[name]} onChange={set} searchable withAsterisk />;
  };
}
