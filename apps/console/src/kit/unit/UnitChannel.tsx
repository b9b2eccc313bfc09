/**
 * Where a unit goes: the channels a receiving server reports collecting from it (`channelsInUse`),
 * by name with their hub, the id only secondary; where what the user selected differs from what is
 * in use, both, labelled. "No channel selected" only when nothing streams from the unit and it has
 * no selection. One component for the unit list, the unit detail, Multiview and the map popup.
 */
import type { ChannelInUse, UnitSummary } from '@fleet/contracts';
import { channelDisplay, type ChannelDisplay } from './channelSelection';
import { PlainText } from '../../components/plain/Plain';
import classes from './unitParts.module.css';
import { useSharedT } from '../../i18n/sharedT';

/** The name to show for a channel id. */
export type ChannelNameOf = (channelId: string) => string;

/** What the component shows, from what the unit reports and what is selected. */
export type UnitChannelState =
  /** Streaming to the channels in use; the selection is one of them or none. */
  | 'inUse'
  /** Streaming to channels in use other than the selection (another channel, or an External one). */
  | 'differs'
  /** Nothing in use: the selected channel. */
  | 'selected'
  /** Nothing in use: the selection is External. */
  | 'external'
  /** Streaming, but no server reports a channel and nothing is selected. */
  | 'unreported'
  /** Not streaming, nothing selected. */
  | 'none';

export function unitChannelState(unit: Pick<UnitSummary, 'status' | 'channelsInUse'>, selection: ChannelDisplay): UnitChannelState {
  if (unit.channelsInUse.length > 0) {
    if (selection.kind === 'none') return 'inUse';
    if (selection.kind === 'channel' && unit.channelsInUse.some((c) => c.channelId === selection.channelId)) return 'inUse';
    return 'differs';
  }
  if (selection.kind === 'channel') return 'selected';
  if (selection.kind === 'external') return 'external';
  return unit.status === 'streaming' ? 'unreported' : 'none';
}

export interface UnitChannelProps {
  readonly unit: Pick<UnitSummary, 'uniqueId' | 'status' | 'channelsInUse' | 'selectedChannel'>;
  /** The names of channels by id (useChannelNames), for the selection. */
  readonly channelName: ChannelNameOf;
  /** The selection to show, when the caller knows better than the unit's answer (a switch that just ended External). */
  readonly selection?: ChannelDisplay;
  /** Show the channels' ids under their names (where there is room: the unit detail). */
  readonly showIds?: boolean;
  readonly size?: 'xs' | 'sm';
  /** Right-aligned beside a label (a Multiview tile's values). */
  readonly align?: 'left' | 'right';
  /** A channel in use on one line with its hub (a Multiview tile, where height is short). */
  readonly inline?: boolean;
  readonly testId: string;
}

export function UnitChannel({ unit, channelName, selection, showIds = false, size = 'sm', align = 'left', inline = false, testId }: UnitChannelProps) {
  const { t } = useSharedT();
  const selected = selection ?? channelDisplay(unit.selectedChannel, null);
  const state = unitChannelState(unit, selected);
  const selectedText =
    selected.kind === 'channel'
      ? channelName(selected.channelId)
      : selected.kind === 'external'
        ? selected.channelId == null
          ? t('unitList.channel.external')
          : t('unitList.channel.externalWithId', { channel: channelName(selected.channelId) })
        : null;
  const selectedId = selected.kind === 'none' ? null : selected.channelId;
  return (
    <div
      className={align === 'right' ? `${classes.stack} ${classes.right}` : classes.stack}
      data-testid={testId}
      data-state={state}
      data-in-use={unit.channelsInUse.map((c) => c.channelId).join(' ')}
      data-selected={selectedId ?? ''}
      data-external={selected.kind === 'external'}
    >
      {state === 'inUse' && unit.channelsInUse.map((c) => <InUse key={c.channelId} channel={c} showId={showIds} size={size} label={null} inline={inline} />)}
      {state === 'differs' && (
        <>
          {unit.channelsInUse.map((c) => (
            <InUse key={c.channelId} channel={c} showId={showIds} size={size} label={t('unitList.channel.streamingTo')} inline={inline} />
          ))}
          <PlainText as="div" size={size} dimmed truncate title={selectedId ?? undefined} data-testid={`${testId}-selected`}>
            {t('unitList.channel.selected', { channel: selectedText })}
          </PlainText>
        </>
      )}
      {(state === 'selected' || state === 'external') && (
        <PlainText as="div" size={size} truncate title={selectedId ?? undefined}>
          {selectedText}
          {showIds && selected.kind === 'channel' && selectedText !== selected.channelId && (
            <PlainText as="span" size="xs" dimmed>
              {' '}
              {selected.channelId}
            </PlainText>
          )}
        </PlainText>
      )}
      {state === 'unreported' && (
        <PlainText as="div" size={size} dimmed truncate>
          {t('unitList.channel.unreported')}
        </PlainText>
      )}
      {state === 'none' && (
        <PlainText as="div" size={size} dimmed truncate>
          {t('unitList.channel.none')}
        </PlainText>
      )}
    </div>
  );
}

/** One channel in use: its name, its hub dimmed under it (with the id, where there is room; else in the tooltip). */
function InUse({
  channel,
  label,
  showId,
  size,
  inline = false,
}: {
  channel: ChannelInUse;
  label: string | null;
  showId: boolean;
  size: 'xs' | 'sm';
  inline?: boolean;
}) {
  const { t } = useSharedT();
  const full = t('unitList.channel.onHub', { channel: channel.channelName, hub: channel.serverName });
  return (
    <div className={classes.stack} data-channel={channel.channelId} title={`${full} (${channel.channelId})`}>
      <PlainText as="div" size={size} truncate>
        {label !== null && (
          <PlainText as="span" size={size} dimmed className={classes.labelGap}>
            {label}
          </PlainText>
        )}
        <PlainText as="span" size={size} strong data-testid="unit-channel-name">
          {channel.channelName}
        </PlainText>
        {inline && (
          <PlainText as="span" size={size} dimmed data-testid="unit-channel-hub">
            {' · '}
            {channel.serverName}
          </PlainText>
        )}
      </PlainText>
      {!inline && (
        <PlainText as="div" size="xs" dimmed truncate data-testid="unit-channel-hub">
          {showId ? t('unitList.channel.hubAndId', { hub: channel.serverName, id: channel.channelId }) : channel.serverName}
        </PlainText>
      )}
    </div>
  );
}
