import { chakra } from '@chakra-ui/react';
import { type FormEvent, useEffect, useReducer, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { api } from '../../app/api';
import type { Version } from '../../../content/api-types';
import { CompareForm } from './CompareForm';
import { EditorLink } from '../../app/EditorLink';
import { historyState, initialHistory, NOW, versionsOf } from './history-state';
import { dateWords } from '../../app/date-words';
import { handOver } from '../../file/hand-over';
import type { Side } from '../../../content/merge';
import { RestoreConfirm } from './RestoreConfirm';
import { ShownVersion } from './ShownVersion';
import { UndoConflicts } from './UndoConflicts';
import { VersionRow } from './VersionRow';
import { useLiveStates } from '../live/use-live-states';

/** How many of the newest versions History says the live state of. */
const LIVE_VERSIONS = 5;

/**
 * A file's history: its versions from git, newest first, with who wrote each, when and why.
 * A version is shown as the site draws it; two are compared block by block and field by field,
 * and drawn side by side; one is restored as the draft (once the person is told which later
 * changes that takes back), or its change alone is undone into the draft, keeping every later
 * one; either is saved and published like any change. Its state is one reducer (history-state.ts).
 */
export function HistoryPage() {
  const search = new URLSearchParams(useSearch());
  const path = search.get('path') ?? '';
  const [, navigate] = useLocation();
  // Opened from Changes: the published version beside the file as saved (?compare=<commit>).
  const [state, dispatch] = useReducer(historyState, search.get('compare'), initialHistory);
  const { history, error, shown, busy, status, from, to, onDisk, confirming, savedHere, undo: asked } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  const liveStates = useLiveStates();
  // The question an undo asks when a later change met it: the keyboard is taken there as it appears.
  const question = useRef<HTMLHeadingElement>(null);
  const asking = asked?.version.commit;
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  const versions = versionsOf(history);
  const newest = history?.versions.find((version) => version.state !== 'unpublished');
  // Each version's place on the live site, a version a later one replaced said as such (page-live-words.ts).
  const live = liveStates.wordsOfVersions(versions.map((version) => version.commit));
  // Named by its title once read; never by its file.
  const name = state.title || 'this page';

  useEffect(() => {
    document.title = `History of ${name} – Page editor`;
  }, [name]);

  /** Compares two versions (NOW: the file as saved), and draws both. `known`: the versions to find a commit's path among. */
  const startCompare = (older: string, newer: string, known: Version[]): void => {
    const contentAt = async (commit: string): Promise<unknown> => {
      if (commit === NOW) return (await api.open(path)).value;
      const version = known.find((each) => each.commit === commit);
      return (await api.version(version?.path ?? path, commit)).value;
    };
    dispatch({ type: 'compareStarted', from: older, to: newer });
    Promise.all([api.compare(path, older, newer), contentAt(older), contentAt(newer)])
      .then(([comparison, before, after]) => dispatch({ type: 'compared', from: older, to: newer, comparison, values: [before, after] }))
      .catch((failure: Error) => dispatch({ type: 'failed', message: failure.message }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per file (startCompare is made anew each render; compareFirst is read as the file's history is asked for, and forgotten once it is read).
  useEffect(() => {
    let live = true;
    Promise.all([api.history(path), api.hash(path)])
      .then(async ([answer, hash]) => {
        if (!live) return;
        dispatch({ type: 'read', history: answer, onDisk: hash !== null });
        // The newest published versions: where each stands on the live site, as Changes says it.
        liveStates.watch(
          answer.versions
            .filter((version) => version.state !== 'unpublished')
            .slice(0, LIVE_VERSIONS)
            .map((version) => ({ commit: version.commit, since: Date.parse(version.committed) })),
        );
        const kept = versionsOf(answer);
        const newest = kept[0];
        const asked = hash === null ? null : state.compareFirst;
        if (asked) startCompare(asked, NOW, kept);
        if (!newest) return;
        const version = await api.version(newest.path, newest.commit);
        if (!live) return;
        dispatch({ type: 'newestRead', path, version: newest, value: version.value ?? null, show: !asked });
      })
      .catch((failure: Error) => live && dispatch({ type: 'readFailed', message: failure.message }));
    return () => {
      live = false;
    };
  }, [path]);

  /** Moves the keyboard to what was just shown, so that it is read and the next Tab goes on from there. */
  const focusResult = (): void => {
    requestAnimationFrame(() => heading.current?.focus());
  };

  const show = (version: Version): void => {
    dispatch({ type: 'showStarted', version });
    focusResult();
    api
      .version(version.path, version.commit)
      .then((answer) => dispatch({ type: 'versionRead', version, value: answer.value ?? null }))
      .catch((failure: Error) => dispatch({ type: 'failed', message: failure.message }));
  };

  const compare = (older: string, newer: string): void => {
    startCompare(older, newer, versions);
    focusResult();
  };

  /** Back to the button a question was asked from, once it is answered with Cancel. */
  const backTo = (version: Version, action: string): void => {
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-version="${CSS.escape(version.commit)}"] [data-action="${action}"]`)?.focus(),
    );
  };

  const restore = async (version: Version): Promise<void> => {
    if (busy) return;
    dispatch({ type: 'restoreStarted' });
    try {
      const restored = await api.restore(version.path, version.commit);
      handOver(path, restored, version, onDisk);
      navigate(`/edit?path=${encodeURIComponent(path)}`);
    } catch (failure) {
      dispatch({ type: 'restoreFailed', message: (failure as Error).message });
    }
  };

  /** Asks before restoring `version`, saying what it takes back: the later versions, and the changes saved here if there are any. */
  const askRestore = async (version: Version): Promise<void> => {
    // Unknown (the changes could not be listed) is said as none: the later versions are said either way.
    const changed = onDisk ? await api.changes().catch(() => null) : null;
    dispatch({ type: 'restoreAsked', version, savedHere: changed?.changes.some((change) => change.path === path) ?? false });
  };

  /** Takes back `version`'s change alone into the draft; a later change to the same field is asked about first. */
  const undo = async (version: Version, choices?: Side[]): Promise<void> => {
    if (busy) return;
    dispatch({ type: 'undoStarted', version });
    try {
      const answer = await api.undo(path, version.commit, choices);
      if (choices === undefined && answer.conflicts.length > 0) {
        dispatch({ type: 'undoAsked', version, answer, model: await api.model() });
        return;
      }
      handOver(path, answer, version, onDisk, 'undone');
      navigate(`/edit?path=${encodeURIComponent(path)}`);
    } catch (failure) {
      dispatch({ type: 'undoFailed', message: (failure as Error).message });
    }
  };

  const label = (commit: string): string => {
    if (commit === NOW) return 'as saved now';
    const version = versions.find((each) => each.commit === commit);
    return version ? `${dateWords(version.date)} (${version.author.name})` : commit.slice(0, 7);
  };

  const submitCompare = (event: FormEvent): void => {
    event.preventDefault();
    if (from && to) compare(from, to);
  };

  return (
    <chakra.main maxW="8xl" mx="auto" p={{ base: '4', md: '8' }}>
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" mb="6">
        <chakra.h1 textStyle="h2" me="auto">
          History of {name}
        </chakra.h1>
        {onDisk ? <EditorLink href={`/edit?path=${encodeURIComponent(path)}`}>{`Edit ${name}`}</EditorLink> : null}
        <EditorLink href="/changes">Changes</EditorLink>
        <EditorLink href="/">All pages</EditorLink>
      </chakra.div>
      {error ? <chakra.p role="alert">{error}</chakra.p> : null}
      {history === null && !error ? <chakra.p>Reading the history…</chakra.p> : null}
      <chakra.p role="status" mb="3">
        {status}
      </chakra.p>
      {/* The newest version's state, said once as it changes; each row shows its own. */}
      <chakra.p role="status" aria-live="polite" srOnly data-live-announce="">
        {newest ? liveStates.wordsOf(newest.commit).words : ''}
      </chakra.p>
      <RestoreConfirm
        versions={versions}
        version={confirming}
        savedHere={savedHere}
        onConfirm={() => confirming && void restore(confirming)}
        onCancel={() => dispatch({ type: 'restoreCancelled' })}
      />
      {asked ? (
        <UndoConflicts
          undo={asked}
          path={path}
          busy={busy}
          headingRef={question}
          onPick={(index, side) => dispatch({ type: 'undoPicked', index, side })}
          onSubmit={() => void undo(asked.version, asked.choices)}
          onCancel={() => {
            dispatch({ type: 'undoCancelled' });
            backTo(asked.version, 'undo');
          }}
        />
      ) : null}
      {history && versions.length === 0 ? <chakra.p>No version of {name} is published yet.</chakra.p> : null}
      {versions.length > 0 ? (
        <chakra.div display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: '22rem minmax(0, 1fr)' }} gap="6" alignItems="start">
          <chakra.section aria-labelledby="versions-heading">
            <chakra.h2 id="versions-heading" textStyle="h3" mb="2">
              Versions ({versions.length}
              {history?.more ? '+' : ''})
            </chakra.h2>
            {onDisk ? null : (
              <chakra.p textStyle="small" mb="2">
                This file is deleted. Restore a version to bring it back as a new draft.
              </chakra.p>
            )}
            <chakra.ol listStyle="none">
              {versions.map((version, index) => (
                <VersionRow
                  key={version.commit}
                  version={version}
                  before={versions[index + 1]}
                  shown={shown?.kind === 'version' && shown.version.commit === version.commit}
                  onShow={() => show(version)}
                  onCompare={versions[index + 1] ? () => compare(versions[index + 1]?.commit ?? '', version.commit) : undefined}
                  onRestore={() => void askRestore(version)}
                  onUndo={onDisk && version.change !== 'added' && version.state !== 'incoming' ? () => void undo(version) : undefined}
                  busy={busy}
                  live={live[index] ?? liveStates.wordsOf(version.commit)}
                />
              ))}
            </chakra.ol>
          </chakra.section>
          <chakra.section aria-labelledby="shown-heading" display="grid" gridTemplateColumns="minmax(0, 1fr)" gap="4" minW="0">
            <CompareForm
              versions={versions}
              from={from}
              to={to}
              withNow={onDisk}
              onFrom={(commit) => dispatch({ type: 'fromChosen', commit })}
              onTo={(commit) => dispatch({ type: 'toChosen', commit })}
              onSubmit={submitCompare}
            />
            <chakra.h2 id="shown-heading" ref={heading} tabIndex={-1} textStyle="h3" outline="none">
              {shown?.kind === 'version'
                ? `The version of ${dateWords(shown.version.date)}, by ${shown.version.author.name}`
                : shown?.kind === 'compare'
                  ? `From ${label(shown.from)} to ${label(shown.to)}`
                  : ''}
            </chakra.h2>
            <ShownVersion path={path} shown={shown} label={label} />
          </chakra.section>
        </chakra.div>
      ) : null}
    </chakra.main>
  );
}
