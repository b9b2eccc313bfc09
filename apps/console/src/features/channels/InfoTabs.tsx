/**
 * The Audio interfaces and Ingest tabs: what the channel reports (IFB, tally and audio hardware
 * status; the ingest server it takes its input from, read through its own call). The catalogue has no call that changes
 * them, so they are read-only for everyone; an input channel's input sources, shown under Ingest,
 * are changed through their own calls (InputSources).
 */
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { InfoSection, NameValues } from '../../kit';
import { InputSources } from './InputSources';
import { useChannelModal } from './parts';
import { ErrorAlert } from '../../kit/ErrorAlert';

export function AudioTab() {
  const { t } = useTranslation();
  const { audioInterfaces } = useChannelModal().details;
  const none = t('channels.cells.none');
  return (
    <InfoSection testId="channel-audio">
      <NameValues
        rows={[
          [t('channels.audio.ifb'), audioInterfaces.ifb ? t('channels.yes') : t('channels.no')],
          [t('channels.audio.tallyHw'), audioInterfaces.tallyHwStatus ?? none],
          [t('channels.audio.audioHw'), audioInterfaces.audioHwStatus ?? none],
        ]}
      />
    </InfoSection>
  );
}

/**
 * The ingest association as GET channels/{id}/ingest_association answers it now (the modal's read
 * until it answers), and for an input channel its input sources (the only part that changes).
 */
export function IngestTab() {
  const { t } = useTranslation();
  const { details } = useChannelModal();
  const { channel } = details;
  const query = useEndpointQuery('getChannelIngestAssociation', { params: { id: channel.channelId } }, { placeholderData: details.ingest });
  const ingest = query.data ?? details.ingest;
  const none = t('channels.cells.none');
  return (
    <>
      <InfoSection testId="channel-ingest">
        <NameValues
          rows={[
            [t('channels.ingest.associated'), ingest.associated ? t('channels.yes') : t('channels.no')],
            [t('channels.ingest.server'), ingest.serverName ?? none],
            [t('channels.ingest.inputKind'), ingest.inputKind ?? none],
          ]}
        />
      </InfoSection>
      <ErrorAlert error={query.error} testId="channel-ingest-error" />
      {channel.isInput && <InputSources />}
    </>
  );
}
