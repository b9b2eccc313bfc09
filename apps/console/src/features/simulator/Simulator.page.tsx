/**
 * /simulator: the mock's Simulator panel — the clock, the active faults (clear one or all), the demo preset (switch, reset),
 * chaos rules on the core (#chaos), a simulated
 * device joining a group with a code, the stack's sandboxes (made, opened, removed), the scenario library, recordings (imported into the fleet, compared) and replays. Not in the spec and never shown against a real core: the route table opens it to
 * super users and staff (the control plane's operators), and this page sends to the unit list
 * unless the mock's capability probe answered. The panel's tRPC hooks share the app's QueryClient.
 */
import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MutedText } from '../../kit/MutedText';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { LIST_PATH } from '../../routing/routes';
import { ChaosSection } from './ChaosSection';
import { ClockSection } from './ClockSection';
import { CompareSection } from './CompareSection';
import { DemoSection } from './DemoSection';
import { ActiveFaultsSection } from './faults/ActiveFaultsSection';
import { JoinSection } from './JoinSection';
import { RecordingsSection } from './RecordingsSection';
import { ReplaySection } from './ReplaySection';
import { SandboxesSection } from './SandboxesSection';
import { ScenariosSection } from './ScenariosSection';
import { createControlPlaneReactClient, trpc } from './trpc';
import { useMockCapabilities } from './useMockCapabilities';

function SimulatorPanel({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" p="md" data-testid="simulator-page">
      <Title order={1} size="h2">
        {title}
      </Title>
      <MutedText>{t('simulator.intro')}</MutedText>
      <ClockSection />
      <ActiveFaultsSection />
      <DemoSection />
      <ChaosSection />
      <JoinSection />
      {/* On the stack only (a sandbox makes none); for its operators. */}
      <SandboxesSection />
      {/* Recordings and the replay first: the scenario library is long. */}
      <RecordingsSection />
      <CompareSection />
      <ReplaySection />
      <ScenariosSection />
    </Stack>
  );
}

export default function SimulatorPage({ route }: PageProps) {
  const { t } = useTranslation();
  const title = t(`routes.${route.id}`);
  useDocumentTitle(title);
  const queryClient = useQueryClient();
  const [client] = useState(createControlPlaneReactClient);
  const { mock, pending } = useMockCapabilities();
  if (pending) return <FullPageLoader />;
  // A real core (or a mock that did not answer): like any screen the user cannot open.
  if (!mock) return <Navigate to={LIST_PATH} replace />;
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <SimulatorPanel title={title} />
    </trpc.Provider>
  );
}
