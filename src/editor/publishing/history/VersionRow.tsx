import { Button, chakra } from '@chakra-ui/react';
import type { Version } from '../../../content/api-types';
import { dateWords } from '../../app/date-words';
import type { LiveWords } from '../live/live-state';
import { LiveNote } from '../live/LiveNote';

const STATE_WORDS: Record<Version['state'], string> = {
  published: '',
  unpublished: 'saved here, not yet published',
  incoming: 'published by someone else, not here yet',
};

/** What a version did to the file, when it did more than change it. */
function changeWords(version: Version): string {
  if (version.change === 'added') return version.fromAddress ? `first version, copied from ${version.fromAddress}` : 'first version';
  if (version.change === 'renamed') return `moved from ${version.fromAddress ?? 'another address'}`;
  if (version.change === 'deleted') return 'deleted';
  return '';
}

/** A version and its words: what it is, who wrote it when, and what can be done with it. */
export function VersionRow({
  version,
  before,
  shown,
  onShow,
  onCompare,
  onRestore,
  onUndo,
  busy,
  live,
}: {
  version: Version;
  before: Version | undefined;
  shown: boolean;
  onShow: () => void;
  onCompare: (() => void) | undefined;
  onRestore: () => void;
  /** Takes back this version's change alone; absent where there is none to take back here (a first version, one not here yet). */
  onUndo: (() => void) | undefined;
  busy: boolean;
  /** Where it stands on the live site (nothing for an older version, or without a live site). */
  live: LiveWords;
}) {
  const id = `version-${version.commit}`;
  const gone = version.change === 'deleted';
  const notes = [changeWords(version), STATE_WORDS[version.state]].filter(Boolean).join(' · ');
  // Each button's name says which version, for a list of buttons read out of their rows: its visible words first.
  const named = (words: string): string => `${words}: ${version.subject}, by ${version.author.name}, ${dateWords(version.date)}`;
  return (
    <chakra.li
      py="3"
      borderBottomWidth="1px"
      borderColor="line.subtle"
      aria-labelledby={id}
      bg={shown ? 'brand.subtle' : undefined}
      px="2"
      data-version={version.commit}
    >
      <chakra.p id={id} fontWeight="650" overflowWrap="anywhere" lineClamp="3" title={version.subject}>
        {version.subject}
      </chakra.p>
      <chakra.p textStyle="small" color="text.muted">
        {version.author.name} · <time dateTime={version.date}>{dateWords(version.date)}</time>
        {notes ? ` · ${notes}` : ''}
      </chakra.p>
      {live.tone === 'none' ? null : <LiveNote live={live} />}
      {gone ? null : (
        <chakra.div display="flex" flexWrap="wrap" gap="2" mt="2">
          <Button
            size="xs"
            variant={shown ? 'solid' : 'outline'}
            aria-pressed={shown}
            onClick={onShow}
            aria-label={named('Show')}
            data-action="show"
          >
            Show
          </Button>
          {onCompare && before ? (
            <Button size="xs" variant="outline" onClick={onCompare} aria-label={named('Compare with the one before')} data-action="compare">
              Compare with the one before
            </Button>
          ) : null}
          <Button size="xs" variant="outline" onClick={onRestore} disabled={busy} aria-label={named('Restore')} data-action="restore">
            Restore
          </Button>
          {onUndo ? (
            <Button size="xs" variant="outline" onClick={onUndo} disabled={busy} aria-label={named('Undo this change')} data-action="undo">
              Undo this change
            </Button>
          ) : null}
        </chakra.div>
      )}
    </chakra.li>
  );
}
