/**
 * /manage/shares/publishers (spec 001 §3 Publisher and Share link, §5 rules, §9 "Max 10 share
 * links"): the publisher's and the share link's rules inline in the spec's words with nothing sent,
 * and a publisher holding 10 links showing the limit instead of the form.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import type { Publisher, ShareLink } from '@fleet/contracts';
import { ROUTES, type PageRoute } from '../../routing/routes';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeGroupRow } from '../../test-utils/fixtures';
import { makeChannel } from '../../test-utils/channels';
import { fill, renderWithApp } from '../../test-utils/render';
import PublishersPage from './Publishers.page';

const ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.page === 'publishers');
const AT = '2026-01-10T09:00:00.000Z';

const link = (i: number): ShareLink => ({
  id: `sl-${i}`,
  description: `Link ${i}`,
  startTime: '2099-01-01T10:00:00.000Z',
  durationMinutes: 30,
  endTime: '2099-01-01T10:30:00.000Z',
  createdAt: AT,
});

const publisher = (id: string, name: string, shareLinks: ShareLink[]): Publisher => ({
  id,
  name,
  shareKey: `key-${id}`,
  description: '',
  groupId: 'g1',
  groupName: 'Group_1',
  inventoryId: 'inv1',
  createdAt: AT,
  createdByName: 'Some One',
  sources: { channels: [], vrChannels: [] },
  shareLinks,
  version: 1,
});

/** A `datetime-local` value (local time) `ms` from now. */
const localInput = (ms: number) => {
  const d = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

describe('/manage/shares/publishers: the rules', () => {
  it('shows the publisher and share link rules inline in the spec’s words and sends nothing; at 10 links the limit shows', async () => {
    if (ROUTE === undefined) throw new Error('no publishers route');
    const items = [
      publisher('pub-1', 'Newsroom_feed', []),
      publisher(
        'pub-full',
        'E2E-Full',
        Array.from({ length: 10 }, (_, i) => link(i + 1)),
      ),
    ];
    const api = new FakeApi()
      .on('fetchGroups', [makeGroupRow()])
      .on('listPublishers', ({ query }) => ({ items, total: items.length, offset: query.offset ?? 0, limit: query.limit ?? 50 }));
    const { user } = await renderWithApp(<PublishersPage route={ROUTE} />, { roles: ['luc_media_group_admin'], route: '/manage/shares/publishers', api });

    await user.click(await screen.findByTestId('publishers-create'));
    await user.click(await screen.findByTestId('publisher-save'));
    expect(await screen.findByTestId('publisher-error.name')).toHaveTextContent(VALIDATION.required);
    await fill(user, screen.getByTestId('publisher-name'), 'x'.repeat(33));
    await waitFor(() => expect(screen.getByTestId('publisher-error.name')).toHaveTextContent(VALIDATION.betweenChars(1, 32)));
    await fill(user, screen.getByTestId('publisher-description'), 'd'.repeat(33));
    await waitFor(() => expect(screen.getByTestId('publisher-error.description')).toHaveTextContent(VALIDATION.maxChars(32)));
    await user.click(screen.getByTestId('publisher-cancel'));

    await user.click(await screen.findByTestId('publisher-open-links-pub-1'));
    await user.click(await screen.findByTestId('share-link-add'));
    expect(await screen.findByTestId('share-link-error.description')).toHaveTextContent(VALIDATION.required);
    expect(screen.getByTestId('share-link-error.startTime')).toHaveTextContent(VALIDATION.required);
    expect(screen.getByTestId('share-link-error.durationMinutes')).toHaveTextContent(VALIDATION.required);
    await fill(user, screen.getByTestId('share-link-description'), 'Too late');
    await fill(user, screen.getByTestId('share-link-start'), localInput(-3_600_000));
    await fill(user, screen.getByTestId('share-link-duration'), '30');
    await waitFor(() => expect(screen.getByTestId('share-link-error.startTime')).toHaveTextContent('Start time must be in the future'));
    await user.click(screen.getByTestId('share-link-add'));
    expect(screen.getByTestId('share-link-error.startTime')).toHaveTextContent('Start time must be in the future');
    expect(api.calls('createPublisher')).toHaveLength(0);
    expect(api.calls('createShareLink')).toHaveLength(0);
    await user.click(screen.getByTestId('share-links-close'));

    // §9: the full publisher shows 10 of 10 and the limit instead of the form.
    expect(screen.getByTestId('publisher-links-pub-full')).toHaveAttribute('data-value', '10');
    await user.click(screen.getByTestId('publisher-open-links-pub-full'));
    expect(await screen.findByTestId('share-links-count')).toHaveAttribute('data-value', '10');
    expect(screen.getByTestId('share-links-limit')).toHaveTextContent('At most 10 share links');
    expect(screen.queryByTestId('share-link-form')).not.toBeInTheDocument();
  }, 30_000);
});

describe('/manage/shares/publishers: the shared channels', () => {
  it('offers the group’s channels by name with hub, status and licence in natural order, found by the shown name, and sends their ids', async () => {
    if (ROUTE === undefined) throw new Error('no publishers route');
    const channels = [
      makeChannel({ channelId: 'MMH-0001-CH10', channelName: 'MMH-1-CH10', serverName: 'Hub Paris' }),
      makeChannel({ channelId: 'MMH-0001-CH2', channelName: 'MMH-1-CH2', serverName: 'Hub Paris', status: 'offline', supportedByUnit: false }),
      makeChannel({ channelId: 'MMH-0009-CH1', channelName: 'MMH-9-CH1', serverName: 'Hub Oslo' }),
    ];
    const api = new FakeApi()
      .on('fetchGroups', [makeGroupRow()])
      .on('listPublishers', { items: [], total: 0, offset: 0, limit: 50 })
      .on('fetchChannels', { channels, counters: countChannels(channels) })
      // The group has CH10 and CH2 of the user's channels, and one the user's list does not have.
      .on('listShareSources', {
        groupId: 'g1',
        channels: [
          { id: 'MMH-0001-CH10', name: 'MMH-1-CH10' },
          { id: 'MMH-0001-CH2', name: 'MMH-1-CH2' },
          { id: 'EXT-CH7', name: 'Far-CH7' },
        ],
        vrChannels: [{ id: 'vr-1', name: 'Return_1' }],
      })
      .on('createPublisher', ({ body }) => publisher('pub-new', body.name, []));
    const { user } = await renderWithApp(<PublishersPage route={ROUTE} />, { roles: ['luc_media_group_admin'], route: '/manage/shares/publishers', api });

    await user.click(await screen.findByTestId('publishers-create'));
    await user.click(screen.getByTestId('publisher-group'));
    await user.click(await screen.findByRole('option', { name: 'Group_1' }));
    await fill(user, screen.getByTestId('publisher-name'), 'Feed_A');
    await user.click(screen.getByTestId('publisher-sources'));
    await waitFor(() => expect(screen.getAllByTestId('publisher-sources-option')).toHaveLength(2));
    const options = screen.getAllByTestId('publisher-sources-option');
    // CH2 before CH10; each with its hub, its status by label and its licence; the user's channel of another group is not offered.
    expect(options.map((o) => o.getAttribute('data-channel'))).toEqual(['MMH-0001-CH2', 'MMH-0001-CH10']);
    expect(options[0]).toHaveTextContent('Hub Paris');
    expect(options[0]).toHaveTextContent('Offline');
    expect(options[0]).toHaveTextContent('Not licensed for units');
    expect(options[1]).toHaveTextContent('Idle');
    expect(screen.getByRole('option', { name: 'Far-CH7' })).toBeVisible();
    expect(screen.queryByText('MMH-9-CH1')).not.toBeInTheDocument();

    await user.type(screen.getByTestId('publisher-sources'), 'MMH-1-CH10');
    await waitFor(() => expect(screen.getAllByTestId('publisher-sources-option')).toHaveLength(1));
    await user.click(screen.getAllByTestId('publisher-sources-option')[0] as HTMLElement);
    const picked = screen.getByTestId('publisher-sources').closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(picked).getByText('MMH-1-CH10 · Hub Paris')).toBeVisible();

    await user.click(screen.getByTestId('publisher-save'));
    await waitFor(() => expect(api.calls('createPublisher')).toHaveLength(1));
    expect(api.calls('createPublisher')[0]?.body).toMatchObject({ sources: { channelIds: ['MMH-0001-CH10'], vrChannelIds: [] } });
  }, 30_000);
});
