import { Button, chakra } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Control } from '../../ui/styled';
import { api } from '../app/api';
import type { Comparison, History, Version } from '../../content/api-types';
import { EditorLink } from '../app/EditorLink';
import { Preview } from '../file/Preview';
import { dateWords, handOver } from '../file/restore-handoff';
import { VersionComparison } from './VersionComparison';

/** The file as saved now, in the compare form's "To". */
const NOW = 'disk';

const STATE_WORDS: Record<Version['state'], string> = {
  published: '',
  unpublished: 'saved here, not yet published',
  incoming: 'published by someone else, not here yet',
};

/** What a version did to the file, when it did more than change it. */
function changeWords(version: Version): string {
  if (version.change === 'added') return version.from ? `first version, copied from ${version.from}` : 'first version';
  if (version.change === 'renamed') return `moved from ${version.from}`;
  if (version.change === 'deleted') return 'deleted';
  return '';
}

/** A version as a compare option names it. */
const optionWords = (version: Version): string => `${dateWords(version.date)} – ${version.subject} (${version.author.name})`;

/** One side of the compare form: every version, and for the newer side the file as saved now. */
function VersionSelect({
  id,
  label,
  versions,
  value,
  onChange,
  withNow = false,
}: {
  id: string;
  label: string;
  versions: Version[];
  value: string;
  onChange: (commit: string) => void;
  withNow?: boolean;
}) {
  return (
    <chakra.div display="grid" gap="1" flex="1 1 14rem" minW="0">
      <chakra.label htmlFor={id} textStyle="small" fontWeight="600">
        {label}
      </chakra.label>
      <Control.select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {withNow ? <option value={NOW}>The file as saved now</option> : null}
        {versions.map((version) => (
          <option key={version.commit} value={version.commit}>
            {optionWords(version)}
          </option>
        ))}
      </Control.select>
    </chakra.div>
  );
}

/** A version and its words: what it is, who wrote it when, and what can be done with it. */
function VersionRow({
  version,
  before,
  shown,
  onShow,
  onCompare,
  onRestore,
  busy,
}: {
  version: Version;
  before: Version | undefined;
  shown: boolean;
  onShow: () => void;
  onCompare: (() => void) | undefined;
  onRestore: () => void;
  busy: boolean;
}) {
  const id = `version-${version.commit}`;
  const gone = version.change === 'deleted';
  const notes = [changeWords(version), STATE_WORDS[version.state]].filter(Boolean).join(' · ');
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
      {gone ? null : (
        <chakra.div display="flex" flexWrap="wrap" gap="2" mt="2">
          <Button
            size="xs"
            variant={shown ? 'solid' : 'outline'}
            aria-pressed={shown}
            onClick={onShow}
            aria-describedby={id}
            data-action="show"
          >
            Show
          </Button>
          {onCompare && before ? (
            <Button size="xs" variant="outline" onClick={onCompare} aria-describedby={id} data-action="compare">
              Compare with the one before
            </Button>
          ) : null}
          <Button size="xs" variant="outline" onClick={onRestore} disabled={busy} aria-describedby={id} data-action="restore">
            Restore
          </Button>
        </chakra.div>
      )}
    </chakra.li>
  );
}

type Shown =
  | { kind: 'version'; version: Version; value: Record<string, unknown> | null }
  | { kind: 'compare'; from: string; to: string; comparison: Comparison | null; values: [unknown, unknown] | null };

/**
 * A file's history: its versions from git, newest first, with who wrote each, when and why.
 * A version is shown as the site draws it; two are compared block by block and field by field,
 * and drawn side by side; one is restored as the draft, to be saved and published like any
 * change.
 */
export function HistoryPage() {
  const search = new URLSearchParams(useSearch());
  const path = search.get('path') ?? '';
  // Opened from Changes: the published version beside the file as saved (?compare=<commit>).
  const compareFirst = useRef(search.get('compare'));
  const [, navigate] = useLocation();
  const [history, setHistory] = useState<History | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(NOW);
  const [onDisk, setOnDisk] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);

  const versions = (history?.versions ?? []).filter((version) => version.change !== 'deleted');
  const name = title || path;

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
    setFrom(older);
    setTo(newer);
    setShown({ kind: 'compare', from: older, to: newer, comparison: null, values: null });
    Promise.all([api.compare(path, older, newer), contentAt(older), contentAt(newer)])
      .then(([comparison, before, after]) =>
        setShown((current) =>
          current?.kind === 'compare' && current.from === older && current.to === newer
            ? { ...current, comparison, values: [before, after] }
            : current,
        ),
      )
      .catch((failure: Error) => setStatus(failure.message));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per file (startCompare is made anew each render).
  useEffect(() => {
    let live = true;
    Promise.all([api.history(path), api.hash(path)])
      .then(async ([answer, hash]) => {
        if (!live) return;
        setHistory(answer);
        setOnDisk(hash !== null);
        const kept = answer.versions.filter((version) => version.change !== 'deleted');
        setFrom(kept[1]?.commit ?? kept[0]?.commit ?? '');
        setTo(hash !== null ? NOW : (kept[0]?.commit ?? ''));
        const newest = kept[0];
        const asked = hash === null ? null : compareFirst.current;
        compareFirst.current = null;
        if (asked) startCompare(asked, NOW, kept);
        if (!newest) return;
        const version = await api.version(newest.path, newest.commit);
        if (!live) return;
        const value = version.value ?? null;
        const named = value?.title ?? value?.name;
        setTitle(path === 'pages/index.json' ? 'Home' : typeof named === 'string' ? named : '');
        if (!asked) setShown({ kind: 'version', version: newest, value });
      })
      .catch((failure: Error) => live && setError(failure.message));
    return () => {
      live = false;
    };
  }, [path]);

  /** Moves the keyboard to what was just shown, so that it is read and the next Tab goes on from there. */
  const focusResult = (): void => {
    requestAnimationFrame(() => heading.current?.focus());
  };

  const show = (version: Version): void => {
    setShown({ kind: 'version', version, value: null });
    focusResult();
    api
      .version(version.path, version.commit)
      .then((answer) => setShown({ kind: 'version', version, value: answer.value ?? null }))
      .catch((failure: Error) => setStatus(failure.message));
  };

  const compare = (older: string, newer: string): void => {
    startCompare(older, newer, versions);
    focusResult();
  };

  const restore = async (version: Version): Promise<void> => {
    setBusy(true);
    setStatus('Restoring…');
    try {
      const restored = await api.restore(version.path, version.commit);
      handOver(path, restored, version, onDisk);
      navigate(`/edit?path=${encodeURIComponent(path)}`);
    } catch (failure) {
      setStatus(`That version could not be restored: ${(failure as Error).message}`);
      setBusy(false);
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
      {history && versions.length === 0 ? <chakra.p>{path} has no published version yet.</chakra.p> : null}
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
                  onRestore={() => void restore(version)}
                  busy={busy}
                />
              ))}
            </chakra.ol>
          </chakra.section>
          <chakra.section aria-labelledby="shown-heading" display="grid" gridTemplateColumns="minmax(0, 1fr)" gap="4" minW="0">
            <chakra.form
              onSubmit={submitCompare}
              display="flex"
              flexWrap="wrap"
              gap="3"
              alignItems="end"
              aria-label="Compare two versions"
              data-compare-form=""
            >
              <VersionSelect id="compare-from" label="Compare" versions={versions} value={from} onChange={setFrom} />
              <VersionSelect id="compare-to" label="with" versions={versions} value={to} onChange={setTo} withNow={onDisk} />
              <Button type="submit" size="sm" variant="outline">
                Compare
              </Button>
            </chakra.form>
            <chakra.h2 id="shown-heading" ref={heading} tabIndex={-1} textStyle="h3" outline="none">
              {shown?.kind === 'version'
                ? `The version of ${dateWords(shown.version.date)}, by ${shown.version.author.name}`
                : shown?.kind === 'compare'
                  ? `From ${label(shown.from)} to ${label(shown.to)}`
                  : ''}
            </chakra.h2>
            {shown?.kind === 'version' ? (
              shown.value ? (
                <chakra.div h={{ base: 'auto', lg: '75dvh' }}>
                  <Preview
                    path={path}
                    value={shown.value}
                    selected={null}
                    onSelect={() => undefined}
                    label={`Preview of the version of ${dateWords(shown.version.date)}`}
                  />
                </chakra.div>
              ) : (
                <chakra.p>Reading that version…</chakra.p>
              )
            ) : null}
            {shown?.kind === 'compare' ? (
              shown.comparison && shown.values ? (
                <>
                  <VersionComparison comparison={shown.comparison} />
                  <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="3">
                    {shown.values.map((value, index) => (
                      <chakra.div key={index === 0 ? shown.from : shown.to} h={{ base: 'auto', lg: '70dvh' }} minW="0">
                        <Preview
                          path={path}
                          value={value}
                          selected={null}
                          onSelect={() => undefined}
                          label={`${index === 0 ? 'Before' : 'After'}: ${label(index === 0 ? shown.from : shown.to)}`}
                        />
                      </chakra.div>
                    ))}
                  </chakra.div>
                </>
              ) : (
                <chakra.p>Comparing…</chakra.p>
              )
            ) : null}
          </chakra.section>
        </chakra.div>
      ) : null}
    </chakra.main>
  );
}
