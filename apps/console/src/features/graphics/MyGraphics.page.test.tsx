/**
 * /my_graphics (spec 001 §2 "my graphics", §5 names, §6 "Graphics depends on a service-enabled
 * check", §9 graphics trial): the composition name rule inline in the spec's words, "Feature
 * disabled" where the service is off and the trial's hours where it is on trial, and the screen of
 * a user the core gives no create or delete permission.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { GraphicsPermissions, GraphicsServiceStatus, Role } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import MyGraphicsPage from './MyGraphics.page';

const enabled: GraphicsServiceStatus = { state: 'enabled', usable: true, trialHoursUsed: null, trialHoursLeft: null, trialEndsAt: null };

function graphicsApi(service: GraphicsServiceStatus, may: Partial<GraphicsPermissions> = {}): FakeApi {
  return new FakeApi()
    .on('getGraphicsPermissions', ({ params }) => ({ inventoryId: params.id, service, canView: true, canCreate: true, canDelete: true, ...may }))
    .on('listMyGraphics', ({ params }) => ({
      inventoryId: params.id,
      items: [
        {
          id: 'gfx-1',
          inventoryId: params.id,
          name: 'Lower-Third',
          template: 'lower-third',
          templateName: 'Lower third',
          appId: 'app-1',
          job: null,
          updatedAt: '2026-01-10T09:00:00.000Z',
        },
      ],
    }))
    .on('listGraphicsTemplates', ({ params }) => ({
      inventoryId: params.id,
      items: [{ id: 'scoreboard', name: 'Scoreboard', description: 'Scores', category: 'sports' }],
    }));
}

async function openPage(api: FakeApi, roles: Role[] = ['luc_regular']) {
  const rendered = await renderWithApp(<MyGraphicsPage />, { roles, route: '/my_graphics', api });
  await screen.findByTestId('graphics-page');
  return rendered;
}

describe('/my_graphics', () => {
  it('shows the composition name rule inline in the spec’s words and sends nothing', async () => {
    const api = graphicsApi(enabled);
    const { user } = await openPage(api);

    await user.click(await screen.findByTestId('graphics-start-scoreboard'));
    await fill(user, await screen.findByTestId('graphics-create-name'), 'bad name!');
    await user.click(screen.getByTestId('graphics-create-save'));
    expect(await screen.findByTestId('graphics-error.name')).toHaveTextContent(VALIDATION.unitNameCharacters);
    expect(api.calls('openSingularApp')).toHaveLength(0);
  }, 20_000);

  it('says "Feature disabled" where the service is off, with no compositions or templates; on trial it shows the hours left', async () => {
    const { unmount } = await openPage(graphicsApi({ state: 'notEnabled', usable: false, trialHoursUsed: null, trialHoursLeft: null, trialEndsAt: null }), [
      'super_user',
    ]);
    const disabled = await screen.findByTestId('graphics-disabled');
    expect(disabled).toHaveTextContent('Feature disabled');
    expect(screen.queryByTestId('graphics-table')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId(/^graphics-start-/)).toHaveLength(0);
    unmount();

    await openPage(graphicsApi({ state: 'onTrial', usable: true, trialHoursUsed: 0, trialHoursLeft: 10, trialEndsAt: '2026-12-31T00:00:00.000Z' }), [
      'super_user',
    ]);
    expect(await screen.findByTestId('graphics-trial')).toHaveAttribute('data-hours-left', '10');
  }, 20_000);

  it('shows a user without create or delete permission the compositions and templates without write controls', async () => {
    await openPage(graphicsApi(enabled, { canCreate: false, canDelete: false }), ['luc_read']);

    expect(await screen.findByTestId('graphics-template-scoreboard')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('graphics-page')).toHaveTextContent('Lower-Third'));
    const page = screen.getByTestId('graphics-page');
    expect(within(page).queryAllByTestId(/^graphics-(start|open|delete)-/)).toHaveLength(0);
  }, 20_000);
});
