import { chakra } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAnnouncer } from '../app/Announcer';
import { api } from '../app/api';
import type { EditorModel, Problem } from '../../content/api-types';
import { blocksOf } from './block-operations';
import { DeleteDialog } from '../files/DeleteDialog';
import { DiscardDialog } from '../publishing/DiscardDialog';
import { EditorLink } from '../app/EditorLink';
import { EditorPanes } from '../app/EditorPanes';
import { FieldsPanel } from './FieldsPanel';
import { focusField } from './focus-field';
import { locateProblem } from '../form/locate-problem';
import { ChangedOnDiskNote } from './notes/ChangedOnDiskNote';
import { clearDraft } from './stored-draft';
import { type Json, keysFor } from './snapshot';
import { OutlinePanel } from './OutlinePanel';
import { Palette } from './Palette';
import { Preview } from './Preview';
import { ProblemList } from './ProblemList';
import { RestoredNote } from './notes/RestoredNote';
import { dateWords } from '../app/date-words';
import { type RestoredVersion, takeRestored } from './hand-over';
import { PublishThisPage } from '../publishing/PublishThisPage';
import { RestoredVersionNote } from '../publishing/RestoredVersionNote';
import { MergeDialog } from './notes/MergeDialog';
import { colleagueWords } from './colleagues/colleague-words';
import { titlesOf } from '../../content/titles';
import { differenceWords } from '../../content/incoming-words';
import { SaveConflictDialog } from './notes/SaveConflictDialog';
import { Toolbar } from './Toolbar';
import { UpgradeNote } from './notes/UpgradeNote';
import { useBlockActions } from './hooks/use-block-actions';
import { useDiscardedUploads } from './hooks/use-discarded-uploads';
import { useDiskWatch } from './hooks/use-disk-watch';
import { useLeaveGuard } from '../app/use-leave-guard';
import { type Loaded, useLoaded } from './hooks/use-loaded';
import { useLiveCheck } from './hooks/use-live-check';
import { useSave } from './hooks/use-save';
import { useSession } from './hooks/use-session';
import { useTabSync } from './hooks/use-tab-sync';
import { useUndoKeys } from './hooks/use-undo-keys';
import { SITE_FILE_NAME } from '../../content/site-file-name';
import { ColleaguesNote } from './colleagues/ColleaguesNote';
import { useBringIn } from './colleagues/use-bring-in';
import { useColleagues } from './colleagues/use-colleagues';

/** The editor of one content file: it opens the file (or the draft the browser kept of it), then edits it. */
export function FileEditor({ path, model }: { path: string; model: EditorModel }) {
  const { loaded, error, reload } = useLoaded(path);
  if (error)
    return (
      <chakra.main p="6">
        <chakra.h1 textStyle="h3">This page could not be opened</chakra.h1>
        <chakra.p role="alert" mt="3">
          {error}
        </chakra.p>
        <EditorLink href="/">Back to all pages</EditorLink>
      </chakra.main>
    );
  if (!loaded) return <chakra.p p="6">Opening the page…</chakra.p>;
  return <Editing key={`${path}:${loaded.base}`} path={path} model={model} loaded={loaded} reload={reload} />;
}

function Editing({ path, model, loaded, reload }: { path: string; model: EditorModel; loaded: Loaded; reload: () => void }) {
  const [, navigate] = useLocation();
  const { opened } = loaded;
  const types = useMemo(() => new Map(model.blocks.map((type) => [type.type, type])), [model.blocks]);
  const titles = useMemo(() => titlesOf(types.values(), model.forms[opened?.schema ?? 'page']), [types, model.forms, opened?.schema]);
  // The draft, its history, the file on disk, a merge or conflict and the block chosen: one reducer (session.ts).
  const { state, dispatch, persist } = useSession(path, loaded);
  const file = useSave(path, state, dispatch, titles);
  const { present, savedValue } = state;
  const value = present.value;
  const kind = opened?.kind ?? 'page';
  const hasBlocks = kind === 'page' || kind === 'template';
  const blocks = blocksOf(value);
  const changedOnDisk = useDiskWatch(path, state.base, file.saving || state.merging !== null || !opened);
  const setSelected = (selected: number | 'file'): void => dispatch({ type: 'select', selected });
  /** A merge, a discard or a restored version becomes the draft as one step (undo goes back to the draft as it was), its blocks keeping their keys. */
  const becomes = (next: Json): void => dispatch({ type: 'merged', value: next, fresh: keysFor(next) });
  // An undo can take away the block that was chosen.
  const chosen = state.selected;
  const selected: number | 'file' =
    chosen !== 'file' && chosen >= blocks.length ? (blocks.length > 0 ? blocks.length - 1 : 'file') : chosen;
  const { problems, warnings, checking, setProblems } = useLiveCheck(path, value, opened);
  const [palette, setPalette] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const announce = useAnnouncer();
  const uploads = useDiscardedUploads(value);
  // Colleagues' publishes of this page since its version here: asked as it opens, now and then, and on Save.
  const colleagues = useColleagues(path, opened !== null);
  const bring = useBringIn(path, state, dispatch, titles, (words) => {
    file.setStatus(words);
    announce(words);
  });
  const [restored, setRestored] = useState(loaded.restored);
  // A version restored from the History page: it becomes the draft as one step, and is said.
  const [fromHistory, setFromHistory] = useState<RestoredVersion | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken once, as the file opens.
  useEffect(() => {
    const handed = takeRestored(path);
    if (!handed) return;
    setRestored(false);
    setFromHistory(handed.version);
    if (JSON.stringify(handed.value) !== JSON.stringify(present.value)) becomes(handed.value);
    announce(
      handed.version.undone
        ? `“${handed.version.subject}” is taken back in your draft, with every later change kept. Save it, then publish it from Changes.`
        : `The version of ${dateWords(handed.version.date)} is your draft now. Save it, then publish it from Changes.`,
    );
  }, []);
  const formBox = useRef<HTMLDivElement>(null);
  const dirty = savedValue === null || JSON.stringify(savedValue) !== JSON.stringify(value);
  // The site file is named for what it holds, not by the brand name in it.
  const title = kind === 'site' ? SITE_FILE_NAME : String(value.title ?? value.name ?? path);
  const noteTitle = kind === 'site' ? title : String(savedValue?.title ?? title); // As colleagues know it: as saved.
  const blockActions = useBlockActions({ draft: present, types, dispatch });
  useLeaveGuard(dirty);
  useTabSync({ path, present, saved: savedValue, dispatch, persist, reload, titles, announce });
  useEffect(() => {
    document.title = `${title} – Page editor`;
  }, [title]);

  /** Shows the field a problem is about, and puts the cursor in it. */
  const goTo = (problem: Problem): void => {
    const { prefix, field } = locateProblem(problem, { value, types, fileSchema: model.forms[opened?.schema ?? 'page'] });
    const segments = [...prefix, ...field];
    if (hasBlocks && segments[0] === 'blocks' && typeof segments[1] === 'number') {
      setSelected(segments[1]);
      focusField(segments.slice(2), formBox, String(segments[1]));
    } else {
      setSelected('file');
      focusField(segments, formBox, 'file');
    }
  };

  // Opened from Changes to mend a problem (?problem=first): once checked, the cursor goes to the first one.
  const search = useSearch();
  const [toFirstProblem, setToFirstProblem] = useState(() => new URLSearchParams(search).get('problem') === 'first');
  useEffect(() => {
    const first = problems[0];
    if (!toFirstProblem || !opened || checking || !first) return;
    setToFirstProblem(false);
    setTimeout(() => goTo(first), 0);
  });

  const save = (): void => {
    colleagues.ask();
    const first = problems[0];
    if (first) {
      goTo(first);
      return;
    }
    void file
      .save(value, (refused) => {
        setProblems(refused);
        if (refused[0]) goTo(refused[0]);
      })
      .then(uploads.flush);
  };

  /** The draft goes back to the file as saved, as one step that Undo takes back; a new page's draft is dropped. */
  const discard = (): void => {
    setDiscarding(false);
    setRestored(false);
    if (!opened || !savedValue) {
      uploads.discarded(value, savedValue);
      clearDraft(path);
      navigate('/');
      return;
    }
    uploads.discarded(value, savedValue);
    becomes(savedValue);
    announce('Your changes are discarded. Undo brings them back.');
    // The Discard button is gone now: the focus goes to Undo, once the dialog has given it back.
    setTimeout(() => document.querySelector<HTMLElement>('[data-undo]')?.focus(), 0);
  };

  /** Undo and Redo, each said in words for screen readers: what the step changed back or again. */
  const undo = (): void => {
    const previous = state.past.at(-1);
    if (!previous) return;
    announce(`Undone: ${differenceWords(present.value, previous.value, titles) || 'a change'}.`);
    dispatch({ type: 'undo' });
  };
  const redo = (): void => {
    const next = state.future[0];
    if (!next) return;
    announce(`Redone: ${differenceWords(present.value, next.value, titles) || 'a change'}.`);
    dispatch({ type: 'redo' });
  };

  useUndoKeys(undo, redo, file.saving || (!dirty && problems.length === 0) ? undefined : () => save());

  return (
    // Wide screens: three panels side by side, each scrolling. Narrow ones: the panels as tabs, the page scrolling (EditorPanes).
    <chakra.div
      display="grid"
      gridTemplateRows="auto auto 1fr"
      h={{ base: 'auto', lg: '100dvh' }}
      minH="100dvh"
      overflow={{ base: 'visible', lg: 'hidden' }}
    >
      <Toolbar
        title={title}
        route={opened?.route}
        dirty={dirty}
        history={{ undo, redo, canUndo: state.past.length > 0, canRedo: state.future.length > 0 }}
        onDiscard={dirty && opened ? () => setDiscarding(true) : undefined}
        onDelete={opened && kind !== 'site' ? () => void api.dependents(path).then(setDeleting) : undefined}
        onSave={save}
        saving={file.saving}
        problems={problems.length}
        historyHref={opened ? `/history?path=${encodeURIComponent(path)}` : undefined}
        publish={
          opened ? <PublishThisPage path={path} title={title} dirty={dirty} savedText={state.savedText} onStatus={file.setStatus} /> : null
        }
      />

      <chakra.div>
        <chakra.p role="status" aria-live="polite" px="4" textStyle="small" color="text.muted">
          {checking ? '' : file.status}
        </chakra.p>
        {changedOnDisk ? <ChangedOnDiskNote /> : null}
        {colleagues.since ? (
          <ColleaguesNote
            since={colleagues.since}
            title={noteTitle}
            openedAt={colleagues.openedAt}
            bringing={bring.bringing}
            onBringIn={() =>
              colleagues.since &&
              void bring.bringIn(
                colleagues.since,
                colleagues.clear,
                colleagueWords(colleagues.since, noteTitle, colleagues.openedAt, Date.now()),
              )
            }
          />
        ) : null}
        {fromHistory ? <RestoredVersionNote version={fromHistory} onDismiss={() => setFromHistory(null)} /> : null}
        {restored ? <RestoredNote onKeep={() => setRestored(false)} onDiscard={() => setDiscarding(true)} /> : null}
        {opened?.behind ? <UpgradeNote behind={opened.behind} onUpgrade={() => void api.migrate().then(() => reload())} /> : null}
        {problems.length > 0 || warnings.length > 0 ? (
          <ProblemList
            problems={problems}
            warnings={warnings}
            types={types}
            value={value}
            fileSchema={model.forms[opened?.schema ?? 'page']}
            onGoTo={goTo}
          />
        ) : null}
      </chakra.div>

      <EditorPanes
        outline={
          hasBlocks ? (
            <OutlinePanel
              blocks={blocks}
              keys={present.keys}
              types={types}
              selected={selected}
              problems={problems}
              onSelect={setSelected}
              onMove={blockActions.move}
              onDuplicate={blockActions.duplicate}
              onDelete={blockActions.remove}
              onInsert={setPalette}
              onOpen={(chosen) => focusField([], formBox, String(chosen))}
            />
          ) : null
        }
        fields={
          <FieldsPanel
            draft={present}
            selected={selected}
            kind={kind}
            hasBlocks={hasBlocks}
            collection={opened?.collection}
            types={types}
            fileSchema={model.forms[opened?.schema ?? 'page']}
            problems={problems}
            onChange={(next, key) => dispatch({ type: 'change', next, key, at: Date.now() })}
            formRef={formBox}
          />
        }
        preview={
          <Preview path={path} value={value} selected={selected === 'file' ? null : selected} onSelect={(index) => setSelected(index)} />
        }
      />

      <Palette
        open={palette !== null}
        position={palette ?? 0}
        blocks={model.blocks}
        onChoose={(type) => {
          blockActions.insert(type, palette ?? blocks.length);
          setPalette(null);
        }}
        onClose={() => setPalette(null)}
      />
      <MergeDialog
        merging={state.merging}
        titles={titles}
        onChoose={(choices) =>
          void file.resolve(choices, (refused) => {
            setProblems(refused);
            if (refused[0]) goTo(refused[0]);
          })
        }
        onClose={() => {
          // Keeping on editing keeps their other changes in the draft, and your value where both changed.
          if (state.merging) {
            becomes(state.merging.result.merged);
            file.setStatus('Their other changes are in your draft now; where you both changed a field, yours is kept until you save.');
          }
          dispatch({ type: 'conflict', merging: null });
        }}
      />
      <SaveConflictDialog
        path={path}
        savedText={state.savedText}
        onDisk={state.conflict?.text ?? null}
        onOverwrite={() =>
          void file.overwrite(value, (refused) => {
            setProblems(refused);
            if (refused[0]) goTo(refused[0]);
          })
        }
        onClose={() => dispatch({ type: 'conflict', onDisk: null })}
      />
      <DiscardDialog open={discarding} title={title} onDiscard={discard} onClose={() => setDiscarding(false)} />
      <DeleteDialog
        path={path}
        title={title}
        base={state.base}
        dependents={deleting}
        onClose={() => setDeleting(null)}
        onFailed={(status) => {
          setDeleting(null);
          file.setStatus(status);
        }}
      />
    </chakra.div>
  );
}
