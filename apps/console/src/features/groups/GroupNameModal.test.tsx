import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeGroupDetail, makeGroupRow } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import GroupNameModal from './GroupNameModal';

const existing = makeGroupRow({ id: 'g1', name: 'News_desk', version: 4 });

function toastText(): string {
  return screen.getByTestId('toasts').textContent ?? '';
}

describe('GroupNameModal: create', () => {
  it('shows the spec 001 §5 name rule on bad characters and sends nothing', async () => {
    const api = new FakeApi();
    const { user } = await renderWithApp(<GroupNameModal group={null} rows={[existing]} onClose={() => undefined} />, { api });

    await user.type(screen.getByTestId('group-name-input'), 'bad name!');
    await user.click(screen.getByTestId('group-name-save'));

    expect(await screen.findByText(VALIDATION.unitNameCharacters)).toBeVisible();
    expect(api.calls('addGroup')).toHaveLength(0);
  });

  it('says a name already listed in the inventory must be unique, before asking the core', async () => {
    const api = new FakeApi();
    const { user } = await renderWithApp(<GroupNameModal group={null} rows={[existing]} onClose={() => undefined} />, { api });

    await user.type(screen.getByTestId('group-name-input'), 'News_desk');
    await user.click(screen.getByTestId('group-name-save'));

    expect(await screen.findByText(VALIDATION.nameUnique)).toBeVisible();
    expect(api.calls('addGroup')).toHaveLength(0);
  });

  it('requires a name', async () => {
    const api = new FakeApi();
    const { user } = await renderWithApp(<GroupNameModal group={null} rows={[]} onClose={() => undefined} />, { api });

    await user.click(screen.getByTestId('group-name-save'));

    expect(await screen.findByText(VALIDATION.required)).toBeVisible();
    expect(api.calls('addGroup')).toHaveLength(0);
  });

  it('creates the group in the chosen inventory and says so', async () => {
    let closed = 0;
    const api = new FakeApi().on('addGroup', ({ body }) => makeGroupDetail(makeGroupRow({ id: 'g9', name: body.name, inventoryId: body.inventoryId })));
    const { user } = await renderWithApp(<GroupNameModal group={null} rows={[existing]} onClose={() => (closed += 1)} />, { api });

    await user.type(screen.getByTestId('group-name-input'), 'Field_team');
    await user.click(screen.getByTestId('group-name-save'));

    await waitFor(() => expect(closed).toBe(1));
    expect(api.calls('addGroup').map((call) => call.body)).toEqual([{ name: 'Field_team', inventoryId: 'inv1' }]);
    expect(toastText()).toContain('Group Field_team created');
  });

  it('puts the core’s field message on the name', async () => {
    const api = new FakeApi().on('addGroup', () => apiError('VALIDATION_FAILED', [{ path: 'body.name', message: VALIDATION.nameTaken }], VALIDATION.nameTaken));
    const { user } = await renderWithApp(<GroupNameModal group={null} rows={[]} onClose={() => undefined} />, { api });

    await user.type(screen.getByTestId('group-name-input'), 'Taken_name');
    await user.click(screen.getByTestId('group-name-save'));

    expect(await screen.findByText(VALIDATION.nameTaken)).toBeVisible();
    expect(screen.queryByTestId('group-name-error')).not.toBeInTheDocument();
  });
});

describe('GroupNameModal: rename', () => {
  it('sends the version the row was read at and shows a conflict in the catalogue’s words', async () => {
    const api = new FakeApi().on('updateGroup', () => apiError('CONFLICT'));
    const { user } = await renderWithApp(<GroupNameModal group={existing} rows={[existing]} onClose={() => undefined} />, { api });

    const input = screen.getByTestId('group-name-input');
    expect(input).toHaveValue('News_desk');
    await user.clear(input);
    await user.type(input, 'Newsroom');
    await user.click(screen.getByTestId('group-name-save'));

    const note = await screen.findByTestId('group-name-error');
    expect(within(note).getByText('The item was changed by someone else, please reload and try again')).toBeVisible();
    expect(api.calls('updateGroup').map((call) => call.body)).toEqual([{ id: 'g1', name: 'Newsroom', version: 4 }]);
  });
});
