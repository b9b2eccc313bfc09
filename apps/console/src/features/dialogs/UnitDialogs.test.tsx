/**
 * The unit dialogs of spec 000 §2 (speed test, upload progress, send logs, AI session, guest
 * interview invite), opened from the unit detail's URL (`/list?unit=<id>&dialog=<name>`): what each
 * refuses and why (capability, a user without an e-mail address), the spec's validation messages
 * inline, what the core answered shown (an invitation's code, link and deliveries; a taken guest
 * name), and no action for users whose roles lack the call. The dialog is rendered by the part of
 * the unit detail that opens it from the URL (UnitDialogOutlet), without the rest of the panel
 * around it; that the panel's menu opens one is in UnitDetailRules.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { GuestInvitation, Role, UnitDetail, UnitStoredFile, UserContact } from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { FakeApi, apiError, fieldErrors } from '../../test-utils/fakeApi';
import { makeChannel, pickChannel } from '../../test-utils/channels';
import { makeDetail } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import type { AppRenderResult } from '../../test-utils/render';
import { UnitDialogOutlet } from '../unit-detail/UnitDialogOutlet';

const UNIT = 'LU800-0001';
const CHANNEL = 'MMH-0001-CH1';
const GROUP = { id: 'grp-newsroom', name: 'Newsroom', inventoryId: 'inv1', inventoryName: 'Inventory 1' };

const idleUnit = (overrides: Partial<UnitDetail> = {}): UnitDetail =>
  makeDetail({
    uniqueId: UNIT,
    name: 'Camera_north',
    status: 'idle',
    capabilities: { speedTest: true },
    selectedChannel: { channelId: CHANNEL, previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false },
    ...overrides,
  });

function contact(overrides: Partial<UserContact> = {}): UserContact {
  return { userId: 'u1', firstName: 'Some', lastName: 'One', email: 'someone@example.com', phone: null, company: null, canOpenSupportCase: true, ...overrides };
}

function uploaded(fileId: string, status: UnitStoredFile['status'], progress: number): UnitStoredFile {
  return {
    fileId,
    fileName: `${fileId}.mp4`,
    path: `/sd/${fileId}.mp4`,
    rootDirectory: '/sd',
    kind: 'uploaded',
    sizeBytes: 1_000_000,
    lastModified: '2026-01-10T09:00:00.000Z',
    status,
    isTransferring: status === 'uploading',
    progress,
    chunkIndex: null,
    chunkCount: 10,
    storyId: null,
    metadata: {},
  };
}

function invitation(overrides: Partial<GuestInvitation> = {}): GuestInvitation {
  const code = 'K7M2QX9P';
  return {
    id: 'inv-1',
    groupId: GROUP.id,
    groupName: GROUP.name,
    planType: 'ADHOC',
    deviceName: 'jane_1',
    email: null,
    phone: '4420',
    unitId: UNIT,
    period: '1d',
    code,
    joinUrl: `/easy_live?invitation=${code}&ignoreRouteDefault=1`,
    expiresAt: '2026-01-11T09:00:00.000Z',
    createdAt: '2026-01-10T09:00:00.000Z',
    deliveries: [],
    ...overrides,
  };
}

/** Opens `dialog` on `unitId` through the unit detail's URL, as the list's deep link does. */
async function openDialog(dialog: string, roles: Role[], api: FakeApi, unitId = UNIT): Promise<AppRenderResult> {
  const rendered = await renderWithApp(<UnitDialogOutlet unitId={unitId} />, {
    roles,
    route: `/list?unit=${unitId}&dialog=${dialog}`,
    api,
  });
  expect(await screen.findByTestId(`dialog-${dialog}`, undefined, { timeout: 3000 })).toBeVisible();
  return rendered;
}

describe('speed test', () => {
  it('is refused for a unit without the capability: "Feature disabled", Start disabled', async () => {
    const lite = idleUnit({ uniqueId: 'LULITE-0001', type: 'LULITE', capabilities: {} });
    await openDialog('speedTest', ['luc_regular'], new FakeApi().on('getUnit', lite), 'LULITE-0001');
    expect(await screen.findByTestId('speed-test-blocker')).toHaveTextContent('Feature disabled');
    expect(screen.getByTestId('speed-test-start')).toBeDisabled();
  });
});

describe('speed test, cancelled', () => {
  it('cancels a running test (stop streaming) and says "Test cancelled" when the unit reports it (spec 000 §8)', async () => {
    const api = new FakeApi()
      .on('getUnit', idleUnit())
      .on('commandSpeedTest', { uniqueId: UNIT, command: 'speedTest', accepted: true, channelId: CHANNEL, timeout: 10 })
      .on('commandStopStreaming', { uniqueId: UNIT, command: 'stopStreaming', accepted: true });
    const { user, socket, settled } = await openDialog('speedTest', ['luc_regular'], api);
    await settled();
    await waitFor(() => expect(screen.getByTestId('speed-test-start')).toBeEnabled());
    await user.click(screen.getByTestId('speed-test-start'));
    await user.click(await screen.findByTestId('speed-test-cancel'));
    await waitFor(() => expect(api.calls('commandStopStreaming')).toHaveLength(1));
    await socket.emit({
      type: 'unit.commandResult',
      unitId: UNIT,
      command: 'speedTest',
      outcome: 'cancelled',
      code: 'TEST_CANCELLED',
      message: 'Test cancelled',
      result: null,
      at: 9,
    });
    expect(await screen.findByTestId('speed-test-failed')).toHaveTextContent('Test cancelled');
  }, 20_000);
});

describe('upload progress', () => {
  it('shows a read-only user the uploads without any action', async () => {
    const api = new FakeApi()
      .on('getUnit', idleUnit())
      .on('getUnitStorageFiles', { uniqueId: UNIT, path: null, files: [uploaded('f1', 'uploading', 40), uploaded('f2', 'pending', 0)] });
    await openDialog('uploadProgress', ['luc_read'], api);
    expect(await screen.findByTestId('upload-table')).toBeVisible();
    expect(screen.getByTestId('upload-row-f1')).toHaveAttribute('data-status', 'uploading');
    expect(screen.getByTestId('dialog-read-only')).toHaveTextContent('Not available for your user type');
    expect(screen.queryByTestId('upload-cancel')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId(/^upload-select-/)).toHaveLength(0);
  });
});

describe('send logs', () => {
  it('requires a description, and sends nothing without one', async () => {
    const api = new FakeApi().on('getUnit', idleUnit()).on('getUserContact', contact());
    const { user } = await openDialog('sendLogs', ['luc_regular'], api);
    await waitFor(() => expect(screen.getByTestId('send-logs-send')).toBeEnabled());
    await user.click(screen.getByTestId('send-logs-send'));
    expect(within(screen.getByTestId('dialog-sendLogs')).getByText('This field is required')).toBeVisible();
    expect(api.calls('startFetchLogs')).toHaveLength(0);
  });

  const listed = [
    makeChannel({ channelId: CHANNEL, channelName: 'MMH-1-CH1', serverName: 'Hub_A', inventoryIds: ['inv1'] }),
    makeChannel({ channelId: 'MMH-0001-CH2', channelName: 'MMH-1-CH2', serverName: 'Hub_A', inventoryIds: ['inv1'] }),
    makeChannel({
      channelId: 'MMH-0001-CH3',
      channelName: 'MMH-1-CH3',
      serverName: 'Hub_A',
      status: 'collecting',
      allocatedToUnitAlias: 'Crew 3',
      inventoryIds: ['inv1'],
    }),
  ];
  const withChannels = (unit: UnitDetail) =>
    new FakeApi()
      .on('getUnit', unit)
      .on('getUserContact', contact())
      .on('fetchChannels', { channels: listed, counters: countChannels(listed) })
      .on('startFetchLogs', ({ body }) => ({
        uniqueId: UNIT,
        action: 'startFetchLogs',
        accepted: true,
        status: 'fetchlogs',
        applications: {},
        supportCaseId: 'case-1',
        channelId: body.channelId ?? '',
      }));

  it('offers the channel the logs go through, by name, defaulting to the unit’s selected channel, and sends the one chosen by its shown name', async () => {
    const api = withChannels(idleUnit());
    const { user } = await openDialog('sendLogs', ['luc_regular'], api);
    const picker = screen.getByTestId('send-logs-channel');
    await waitFor(() => expect(picker).toHaveValue('MMH-1-CH1 · Hub_A'));
    await pickChannel(user, picker, 'MMH-1-CH2');
    expect(picker).toHaveValue('MMH-1-CH2 · Hub_A');
    await fill(user, screen.getByTestId('send-logs-description'), 'The unit drops its links');
    await user.click(screen.getByTestId('send-logs-send'));
    expect(await screen.findByTestId('send-logs-sent')).toBeVisible();
    expect(api.calls('startFetchLogs')[0]?.body).toMatchObject({ channelId: 'MMH-0001-CH2', description: 'The unit drops its links' });
  }, 20_000);

  it('without a selected channel, says on the channel field that one is needed and sends nothing', async () => {
    const none = idleUnit({ selectedChannel: { channelId: null, previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false } });
    const api = withChannels(none);
    const { user } = await openDialog('sendLogs', ['luc_regular'], api);
    await waitFor(() => expect(screen.getByTestId('send-logs-send')).toBeEnabled());
    await fill(user, screen.getByTestId('send-logs-description'), 'The unit drops its links');
    await user.click(screen.getByTestId('send-logs-send'));
    const field = screen.getByTestId('send-logs-channel').closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(field).getByText('This field is required')).toBeVisible();
    expect(api.calls('startFetchLogs')).toHaveLength(0);
  }, 20_000);

  it('shows a server error about a field the dialog does not have at the form level, named', async () => {
    const api = withChannels(idleUnit()).on('startFetchLogs', fieldErrors([{ path: 'body.supportQueue', message: VALIDATION.required }]));
    const { user } = await openDialog('sendLogs', ['luc_regular'], api);
    await waitFor(() => expect(screen.getByTestId('send-logs-send')).toBeEnabled());
    await fill(user, screen.getByTestId('send-logs-description'), 'The unit drops its links');
    await user.click(screen.getByTestId('send-logs-send'));
    expect(await screen.findByTestId('send-logs-unshown-errors')).toHaveTextContent('support queue: This field is required');
  }, 20_000);

  it('refuses a user without an e-mail address: the spec’s text, Send disabled', async () => {
    const api = new FakeApi().on('getUnit', idleUnit()).on('getUserContact', contact({ email: null, canOpenSupportCase: false }));
    await openDialog('sendLogs', ['luc_partner'], api);
    expect(await screen.findByTestId('send-logs-blocker')).toHaveTextContent('Users without an e-mail address cannot open a support case');
    expect(screen.getByTestId('send-logs-send')).toBeDisabled();
  });

  it.each([
    ['SERVER_BUSY_SENDING_LOGS', 'Server is busy sending logs of another channel'],
    ['CHANNEL_NO_LOGS', 'Channel does not support logs sending'],
    ['CHANNEL_BUSY_OR_OFFLINE_LOGS', 'Selected channel busy or offline when sending logs'],
  ] as const)(
    'shows the core’s refusal %s in the catalogue’s words (spec 000 §8)',
    async (code, text) => {
      const api = new FakeApi().on('getUnit', idleUnit()).on('getUserContact', contact()).on('startFetchLogs', apiError(code));
      const { user } = await openDialog('sendLogs', ['luc_regular'], api);
      await waitFor(() => expect(screen.getByTestId('send-logs-send')).toBeEnabled());
      await fill(user, screen.getByTestId('send-logs-description'), 'The unit drops its links');
      await user.click(screen.getByTestId('send-logs-send'));
      expect(await screen.findByTestId('send-logs-error')).toHaveTextContent(text);
      expect(api.calls('startFetchLogs')).toHaveLength(1);
    },
    20_000,
  );
});

describe('AI session', () => {
  it('is informative: the unit’s status, whether it streams, and that starting one is not available yet', async () => {
    const streaming = idleUnit({ status: 'streaming', applications: { video: { state: 'running' } } });
    await openDialog('aiSession', ['luc_regular'], new FakeApi().on('getUnit', streaming));
    expect(await screen.findByTestId('ai-session-unit-status')).toHaveAttribute('data-status', 'streaming');
    expect(screen.getByTestId('ai-session-streaming')).toHaveAttribute('data-streaming', 'true');
    expect(screen.getByTestId('ai-session-not-yet')).toHaveTextContent('Starting an AI session from the console is not available yet.');
  });
});

describe('guest interview invite', () => {
  function inviteCore(): FakeApi {
    const taken = new Set<string>();
    return new FakeApi()
      .on('getUnit', idleUnit())
      .on('getUnitGroups', [GROUP])
      .on('createGroupInvitation', ({ body }) => {
        // The core refuses a guest name taken by a unit (001 §5 device name unique).
        if (taken.has(body.deviceName)) return apiError('NAME_IN_USE', [{ path: 'body.deviceName', message: VALIDATION.unitNameInUse }]);
        taken.add(body.deviceName);
        const to = [
          ...(body.email ? [{ channel: 'email' as const, to: body.email }] : []),
          ...(body.phone ? [{ channel: 'sms' as const, to: body.phone }] : []),
        ];
        return invitation({
          deviceName: body.deviceName,
          email: body.email ?? null,
          phone: body.phone ?? null,
          deliveries: to.map((d) => ({ invitationId: 'inv-1', ...d, sentAt: '2026-01-10T09:00:00.000Z' })),
        });
      })
      .on('sendGroupInvitationEmail', ({ body }) => ({ invitationId: body.invitationId, channel: 'email', to: body.email, sentAt: '2026-01-10T09:05:00.000Z' }))
      .on('sendGroupInvitationSms', ({ body }) => ({ invitationId: body.invitationId, channel: 'sms', to: body.phone, sentAt: '2026-01-10T09:06:00.000Z' }));
  }

  it('checks the guest’s fields inline in the spec’s words, shows the invitation’s code and link, and the core’s refusal of a taken name', async () => {
    const api = inviteCore();
    const { user } = await openDialog('guestInvite', ['luc_regular'], api);
    const dialog = screen.getByTestId('dialog-guestInvite');
    await fill(user, await screen.findByTestId('guest-invite-name'), 'Jane Doe');
    await fill(user, screen.getByTestId('guest-invite-email'), 'jane@');
    await fill(user, screen.getByTestId('guest-invite-phone'), '+44 20');
    await user.click(screen.getByTestId('guest-invite-send'));
    expect(within(dialog).getByText('Only letters, numbers, underscores and hyphens are allowed')).toBeVisible();
    expect(within(dialog).getByText('Invalid email format')).toBeVisible();
    expect(within(dialog).getByText('Must only contain numeric characters')).toBeVisible();
    expect(api.calls('createGroupInvitation')).toHaveLength(0);

    await fill(user, screen.getByTestId('guest-invite-name'), 'jane_1');
    await fill(user, screen.getByTestId('guest-invite-email'), 'jane@example.com');
    await fill(user, screen.getByTestId('guest-invite-phone'), '4420');
    await user.click(screen.getByTestId('guest-invite-send'));
    expect(await screen.findByTestId('guest-invite-sent')).toBeVisible();
    expect(api.calls('createGroupInvitation')).toEqual([expect.objectContaining({ params: { id: GROUP.id } })]);
    expect(api.calls('createGroupInvitation')[0]?.body).toMatchObject({ deviceName: 'jane_1', email: 'jane@example.com', phone: '4420', unitId: UNIT });
    expect(screen.getByTestId('guest-invite-code')).toHaveTextContent(/^K7M2QX9P$/);
    expect(screen.getByTestId('guest-invite-link')).toHaveTextContent(/^http:\/\/localhost:5173\/easy_live\?invitation=K7M2QX9P&ignoreRouteDefault=1$/);
    expect(screen.getByTestId('guest-invite-delivery-email')).toHaveTextContent(/^Sent to jane@example\.com$/);

    // The same guest name again: the core's refusal shows on the name.
    await user.click(screen.getByTestId('guest-invite-another'));
    await fill(user, await screen.findByTestId('guest-invite-name'), 'jane_1');
    await fill(user, screen.getByTestId('guest-invite-phone'), '4420');
    await user.click(screen.getByTestId('guest-invite-send'));
    expect(await within(dialog).findByText(VALIDATION.unitNameInUse)).toBeVisible();
  });

  it('delivers the invitation by e-mail and by SMS, each address checked inline first', async () => {
    const api = inviteCore();
    const { user } = await openDialog('guestInvite', ['luc_regular'], api);
    await fill(user, await screen.findByTestId('guest-invite-name'), 'guest_1');
    await fill(user, screen.getByTestId('guest-invite-phone'), '4420');
    await user.click(screen.getByTestId('guest-invite-send'));
    expect(await screen.findByTestId('guest-invite-sent')).toBeVisible();
    const deliver = screen.getByTestId('guest-invite-deliver');

    // E-mail: a bad address is refused inline with the spec's text before anything is sent.
    await fill(user, screen.getByTestId('guest-invite-deliver-email'), 'jane@');
    await user.click(screen.getByTestId('guest-invite-deliver-email-send'));
    expect(within(deliver).getByText('Invalid email format')).toBeVisible();
    expect(screen.queryByTestId('guest-invite-delivered-email')).not.toBeInTheDocument();
    expect(api.calls('sendGroupInvitationEmail')).toHaveLength(0);
    await fill(user, screen.getByTestId('guest-invite-deliver-email'), 'jane@example.com');
    await user.click(screen.getByTestId('guest-invite-deliver-email-send'));
    expect(await screen.findByTestId('guest-invite-delivered-email')).toHaveTextContent(/^E-mailed to jane@example\.com at .+/);
    expect(within(deliver).queryByText('Invalid email format')).not.toBeInTheDocument();
    expect(api.calls('sendGroupInvitationEmail').map((call) => call.body)).toEqual([{ invitationId: 'inv-1', email: 'jane@example.com' }]);

    // SMS: digits only.
    await fill(user, screen.getByTestId('guest-invite-deliver-phone'), '+44 20');
    await user.click(screen.getByTestId('guest-invite-deliver-sms-send'));
    expect(within(deliver).getByText('Must only contain numeric characters')).toBeVisible();
    expect(api.calls('sendGroupInvitationSms')).toHaveLength(0);
    await fill(user, screen.getByTestId('guest-invite-deliver-phone'), '442071234567');
    await user.click(screen.getByTestId('guest-invite-deliver-sms-send'));
    expect(await screen.findByTestId('guest-invite-delivered-sms')).toHaveTextContent(/^Sent by SMS to 442071234567 at .+/);
    expect(api.calls('sendGroupInvitationSms').map((call) => call.body)).toEqual([{ invitationId: 'inv-1', phone: '442071234567' }]);
  });

  it('says the e-mail or SMS could not be sent in the catalogue’s words (spec 001 §8 generic e-mail/SMS error)', async () => {
    const api = inviteCore().on('sendGroupInvitationEmail', apiError('EMAIL_SMS_ERROR')).on('sendGroupInvitationSms', apiError('EMAIL_SMS_ERROR'));
    const { user } = await openDialog('guestInvite', ['luc_regular'], api);
    await fill(user, await screen.findByTestId('guest-invite-name'), 'guest_2');
    await fill(user, screen.getByTestId('guest-invite-phone'), '4420');
    await user.click(screen.getByTestId('guest-invite-send'));
    expect(await screen.findByTestId('guest-invite-sent')).toBeVisible();
    await fill(user, screen.getByTestId('guest-invite-deliver-email'), 'jane@example.com');
    await user.click(screen.getByTestId('guest-invite-deliver-email-send'));
    expect(await screen.findByTestId('guest-invite-deliver-email-error')).toHaveTextContent('Email/SMS error, try again');
    await fill(user, screen.getByTestId('guest-invite-deliver-phone'), '442071234567');
    await user.click(screen.getByTestId('guest-invite-deliver-sms-send'));
    expect(await screen.findByTestId('guest-invite-deliver-sms-error')).toHaveTextContent('Email/SMS error, try again');
  }, 20_000);
});
