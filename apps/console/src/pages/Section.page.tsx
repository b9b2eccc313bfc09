import { Stack, Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { ContractorEntities } from '../features/contractor-entities/ContractorEntities';
import { isEntityKind } from '../features/contractor-entities/entityKinds';
import { SystemEntities, type SystemEntitiesKind } from '../features/system-entities/SystemEntities';
import { SystemSettings, type SystemSettingsKind } from '../features/system-settings/SystemSettings';
import { LIST_PATH, SECTIONS } from '../routing/routes';
import type { SectionId } from '../routing/routes';
import type { PageProps } from './types';
import type { ReactNode } from 'react';

/** The i18n keys of every section tab (`sections.<section>.<kind>`), checked against en.json. */
type SectionLabelKey = { [S in SectionId]: `sections.${S}.${(typeof SECTIONS)[S]['kinds'][number]}` }[SectionId];

/** A tabbed section (system entities, system settings, contractor entities): one tab per child. */
export default function SectionPage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kind } = useParams();
  const sectionId: SectionId = route.section ?? 'systemEntities';
  const section = SECTIONS[sectionId];
  const kinds: readonly string[] = section.kinds;
  const label = (value: string) => t(`sections.${sectionId}.${value}` as SectionLabelKey);
  // Spec: unknown paths go to the unit list (a kind that is not a child of the section is unknown).
  if (kind === undefined || !kinds.includes(kind)) return <Navigate to={LIST_PATH} replace />;
  const current = kind;
  const title = `${t(`routes.${route.id}`)} · ${label(current)}`;
  const tabs = (
    <Tabs value={current} onChange={(value) => value && void navigate(`${section.base}/${value}`)} keepMounted={false}>
      <Tabs.List data-testid="section-tabs">
        {kinds.map((value) => (
          <Tabs.Tab key={value} value={value} data-testid={`section-tab-${value}`}>
            {label(value)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
  // Each kind is its own view, remounted per kind (a new kind starts from its own search and sort).
  let view: ReactNode;
  if (sectionId === 'contractorEntities' && isEntityKind(current)) view = <ContractorEntities key={current} kind={current} />;
  else if (sectionId === 'systemEntities') view = <SystemEntities key={current} kind={current as SystemEntitiesKind} />;
  else view = <SystemSettings key={current} kind={current as SystemSettingsKind} />;
  return (
    <Stack gap="md" data-testid={SECTION_TEST_IDS[sectionId]}>
      <PageTitle title={title} />
      {tabs}
      {view}
    </Stack>
  );
}

const SECTION_TEST_IDS: Record<SectionId, string> = {
  contractorEntities: 'contractor-entities',
  systemEntities: 'system-entities',
  systemSettings: 'system-settings',
};
