import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeDetail, makeUnit } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import RenameModal from './RenameModal';

const UNIT_ID = 'LU800-0001';

/** The modal as the unit detail opens it: on the unit read over REST (GET v2/units/{id}). */
function RenameOpen({ onClose }: { onClose: () => void }) {
  const unit = useEndpointQuery('getUnit', { params: { id: UNIT_ID } });
  return unit.data ? <RenameModal unit={unit.data} opened onClose={onClose} /> : null;
}

async function renderRename(api: FakeApi) {
  let closed = 0;
  const rendered = await renderWithApp(<RenameOpen onClose={() => (closed += 1)} />, { api });
  await screen.findByTestId('unit-rename');
  return { ...rendered, closed: () => closed };
}

describe('RenameModal (spec 000 §5 unit name and comment)', () => {
  it('refuses characters outside the name rule and an empty name in the spec’s words, and sends nothing', async () => {
    const api = new FakeApi().on('getUnit', makeDetail({ name: 'Camera_north', version: 3 }));
    const { user } = await renderRename(api);
    expect(screen.getByTestId('unit-rename-save')).toBeDisabled();

    await fill(user, screen.getByTestId('unit-rename-name'), 'Camera north!');
    await user.click(screen.getByTestId('unit-rename-save'));

    expect(await screen.findByTestId('unit-rename-name-error')).toHaveTextContent(VALIDATION.unitNameCharacters);
    await user.clear(screen.getByTestId('unit-rename-name'));
    expect(await screen.findByTestId('unit-rename-name-error')).toHaveTextContent(VALIDATION.required);
    await fill(user, screen.getByTestId('unit-rename-name'), 'Camera_north-2');
    await waitFor(() => expect(screen.queryByTestId('unit-rename-name-error')).not.toBeInTheDocument());
    expect(api.calls('renameDevice')).toHaveLength(0);
  });

  it('counts the comment and refuses more than 100 characters', async () => {
    const api = new FakeApi().on('getUnit', makeDetail({ version: 3 }));
    const { user } = await renderRename(api);

    await fill(user, screen.getByTestId('unit-rename-comment'), 'x'.repeat(101));
    expect(screen.getByText('101 / 100')).toBeVisible();
    await user.click(screen.getByTestId('unit-rename-save'));

    expect(await screen.findByTestId('unit-rename-comment-error')).toHaveTextContent(VALIDATION.maxChars(100));
    expect(api.calls('renameDevice')).toHaveLength(0);
  });

  it('sends the name, comment and version read, then says so and closes', async () => {
    const api = new FakeApi()
      .on('getUnit', makeDetail({ name: 'Camera_north', comment: '', version: 3 }))
      .on('renameDevice', ({ body }) => makeUnit({ name: body.name, comment: body.comment ?? '', version: 4 }));
    const { user, closed } = await renderRename(api);

    await fill(user, screen.getByTestId('unit-rename-name'), 'Camera_east');
    await fill(user, screen.getByTestId('unit-rename-comment'), 'roof');
    await user.click(screen.getByTestId('unit-rename-save'));

    await waitFor(() => expect(closed()).toBe(1));
    expect(api.calls('renameDevice').map((call) => call.body)).toEqual([{ id: UNIT_ID, name: 'Camera_east', comment: 'roof', version: 3 }]);
    expect(screen.getByTestId('toasts')).toHaveTextContent('Unit renamed to Camera_east');
  });

  it('puts the core’s "already in use" on the name', async () => {
    const api = new FakeApi()
      .on('getUnit', makeDetail({ version: 3 }))
      .on('renameDevice', apiError('NAME_IN_USE', [{ path: 'body.name', message: VALIDATION.unitNameInUse }], VALIDATION.unitNameInUse));
    const { user, closed } = await renderRename(api);

    await fill(user, screen.getByTestId('unit-rename-name'), 'Taken_name');
    await user.click(screen.getByTestId('unit-rename-save'));

    expect(await screen.findByTestId('unit-rename-name-error')).toHaveTextContent(VALIDATION.unitNameInUse);
    expect(closed()).toBe(0);
  });

  it('after a 409 says someone else changed the unit and shows its current values', async () => {
    let reads = 0;
    const api = new FakeApi()
      .on('getUnit', () => {
        reads += 1;
        return reads === 1 ? makeDetail({ name: 'Camera_north', version: 3 }) : makeDetail({ name: 'Renamed_elsewhere', version: 4 });
      })
      .on('renameDevice', apiError('CONFLICT'));
    const { user } = await renderRename(api);

    await fill(user, screen.getByTestId('unit-rename-name'), 'Camera_east');
    await user.click(screen.getByTestId('unit-rename-save'));

    expect(await screen.findByTestId('unit-rename-conflict')).toHaveTextContent('changed by someone else');
    await waitFor(() => expect(screen.getByTestId('unit-rename-name')).toHaveValue('Renamed_elsewhere'));
    expect(screen.getByTestId('unit-rename-save')).toBeDisabled();
  });
});
