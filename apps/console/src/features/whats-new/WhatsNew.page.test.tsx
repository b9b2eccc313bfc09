/**
 * /whats_new (spec 001 §2; §5 "This field is required"): the what's new entries and the system
 * messages declared on the resource kit — each listed newest first, a form refused in the spec's
 * words with nothing sent, saved, an entry published, an edit reading the row fresh (getWhatsNew,
 * getSystemMessage) and a delete after its confirmation.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { SystemMessage, WhatsNewEntry } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { SystemMessagesSection } from './SystemMessagesSection';
import { WhatsNewSection } from './WhatsNewSection';

const AT = '2026-01-10T09:00:00.000Z';
const page = <T,>(items: readonly T[], query: { offset: number; limit: number }) => ({
  items: [...items],
  total: items.length,
  offset: query.offset,
  limit: query.limit,
});
const entry = (over: Partial<WhatsNewEntry>): WhatsNewEntry => ({
  id: 'wn-1',
  title: 'Release 10.1',
  body: '',
  releaseVersion: '10.1',
  link: null,
  publishedAt: null,
  active: true,
  version: 0,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

/** The core's what's new entries in memory. */
function entriesCore(initial: WhatsNewEntry[]): FakeApi {
  let rows = initial;
  return new FakeApi()
    .on('listAdminWhatsNew', ({ query }) => page(rows, query))
    .on('createWhatsNew', ({ body }) => {
      rows = [entry({ title: body.title, link: body.link ?? null })];
      return rows[0]!;
    })
    .on('publishWhatsNew', ({ body }) => {
      rows = [entry({ ...rows[0], publishedAt: body.published ? AT : null, version: 1 })];
      return rows[0]!;
    })
    .on('getWhatsNew', ({ params }) => rows.find((e) => e.id === params.id) ?? apiError('NOT_FOUND'))
    .on('updateWhatsNew', ({ body }) => {
      rows = [entry({ ...rows[0], title: body.title ?? '', version: 2 })];
      return rows[0]!;
    })
    .on('deleteWhatsNew', ({ params }) => {
      rows = [];
      return { id: params.id, deleted: true as const };
    });
}

describe("/whats_new: what's new and system messages on the kit", () => {
  it("what's new: the title is required and the link an http(s) address, nothing sent; the entry is created as a draft, then published", async () => {
    const api = entriesCore([]);
    const { user } = await renderWithApp(<WhatsNewSection />, { roles: ['super_user'], route: '/whats_new', api });
    expect(api.calls('listAdminWhatsNew')[0]?.url).toMatch(/sortDir=desc&sortBy=createdAt/);
    await user.click(await screen.findByTestId('wn-create'));
    await user.click(await screen.findByTestId('wn-save'));
    expect(screen.getByTestId('wn-error.title')).toHaveTextContent(VALIDATION.required);
    await fill(user, screen.getByTestId('wn-title'), 'Release 10.1');
    await fill(user, screen.getByTestId('wn-link'), 'ftp://example.com');
    await user.click(screen.getByTestId('wn-save'));
    expect(screen.getByTestId('wn-error.link')).toHaveTextContent(VALIDATION.releaseNotesUrl);
    expect(api.calls('createWhatsNew')).toHaveLength(0);
    await fill(user, screen.getByTestId('wn-link'), 'https://example.com/notes');
    await user.click(screen.getByTestId('wn-save'));
    await waitFor(() => expect(screen.queryByTestId('wn-form')).not.toBeInTheDocument());
    expect(await screen.findByTestId('wn-status-wn-1')).toHaveAttribute('data-status', 'draft');

    await user.click(screen.getByTestId('wn-publish-wn-1'));
    await waitFor(() => expect(screen.getByTestId('wn-status-wn-1')).toHaveAttribute('data-status', 'published'));
  });

  it("what's new: an entry edited from a fresh read (getWhatsNew) with its version, then deleted after the confirmation", async () => {
    const api = entriesCore([entry({ publishedAt: AT, version: 1 })]);
    const { user } = await renderWithApp(<WhatsNewSection />, { roles: ['super_user'], route: '/whats_new', api });
    await user.click(await screen.findByTestId('wn-edit-wn-1'));
    await fill(user, await screen.findByTestId('wn-title'), 'Release 10.1.1');
    await user.click(screen.getByTestId('wn-save'));
    await waitFor(() => expect(screen.getByTestId('wn-row-wn-1')).toHaveTextContent('Release 10.1.1'));
    expect(api.calls('getWhatsNew')[0]?.url).toBe('/api/v2/admin/whatsNew/wn-1');
    expect(api.calls('updateWhatsNew')[0]?.body).toMatchObject({ title: 'Release 10.1.1', version: 1 });

    await user.click(screen.getByTestId('wn-delete-wn-1'));
    expect(await screen.findByTestId('wn-delete-question')).toHaveTextContent('Release 10.1.1');
    await user.click(screen.getByTestId('wn-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('wn-row-wn-1')).not.toBeInTheDocument());
  });

  it('system messages: the text is required, one not global needs its inventory, the edit reads the message fresh', async () => {
    const message: SystemMessage = {
      id: 'sm-1',
      message: 'Maintenance tonight',
      level: 'warning',
      expireDate: null,
      globalNotification: true,
      inventoryId: null,
      inventoryName: null,
      expired: false,
      expiresWithin2h: false,
      expiresWithin24h: false,
      version: 3,
      createdAt: AT,
      updatedAt: AT,
    };
    const api = new FakeApi()
      .on('listSystemMessages', ({ query }) => page([message], query))
      .on('searchAdminInventories', ({ query }) => page([], { offset: query.offset ?? 0, limit: query.limit ?? 50 }))
      .on('getSystemMessage', { ...message, message: 'Maintenance tonight at 22:00', version: 4 })
      .on('updateSystemMessage', ({ body }) => ({ ...message, message: body.message ?? message.message, version: 5 }));
    const { user } = await renderWithApp(<SystemMessagesSection />, { roles: ['super_user'], route: '/whats_new', api });
    expect(await screen.findByTestId('sm-expiry-sm-1')).toHaveTextContent('No expiry');

    await user.click(screen.getByTestId('sm-create'));
    await user.click(await screen.findByTestId('sm-global'));
    await user.click(screen.getByTestId('sm-save'));
    expect(screen.getByTestId('sm-error.message')).toHaveTextContent(VALIDATION.required);
    expect(screen.getByTestId('sm-error.inventoryId')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('createSystemMessage')).toHaveLength(0);
    await user.click(screen.getByTestId('sm-cancel'));

    await user.click(screen.getByTestId('sm-edit-sm-1'));
    expect(await screen.findByTestId('sm-message')).toHaveValue('Maintenance tonight at 22:00');
    expect(screen.queryByTestId('sm-inventory')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('sm-save'));
    await waitFor(() => expect(api.calls('updateSystemMessage')).toHaveLength(1));
    expect(api.calls('updateSystemMessage')[0]?.body).toEqual({
      message: 'Maintenance tonight at 22:00',
      level: 'warning',
      expireDate: null,
      globalNotification: true,
      inventoryId: null,
      version: 4,
    });
  });
});
