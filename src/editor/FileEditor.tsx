import { Button, chakra } from '@chakra-ui/react';
import { createTwoFilesPatch } from 'diff';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ModalDialog } from '../dialogs/ModalDialog';
import { api } from './api';
import { EditorLink } from './EditorLink';
import type { BlockType, EditorModel, OpenedFile, Problem } from './api-types';
import { EditorForm } from './form/EditorForm';
import { fieldId, pathSegments } from './form/ui-schema';
import { clearDraft, type Json, keysFor, newKey, readDraft, type Snapshot, useDraftHistory } from './history';
import { Outline } from './Outline';
import { Palette } from './Palette';
import { Preview } from './Preview';
import { useAnnouncer } from './announcer';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A diff as lines coloured by what happened to them. */
function Patch({ text, label }: { text: string; label: string }) {
  return (
    <chakra.pre
      // A region that scrolls: it takes focus, so the arrow keys scroll it.
      role="region"
      aria-label={label}
      tabIndex={0}
      textStyle="small"
      fontFamily="mono"
      bg="surface.sunken"
      p="3"
      borderRadius="md"
      overflow="auto"
      maxH="20rem"
      data-patch=""
    >
      {text
        .split('\n')
        .slice(2)
        .map((line, index) => (
          <chakra.span
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text, in order.
            key={index}
            display="block"
            bg={line.startsWith('+') ? 'green.100' : line.startsWith('-') ? 'red.100' : undefined}
          >
            {line || ' '}
          </chakra.span>
        ))}
    </chakra.pre>
  );
}

/** Where a problem is, in words a person can find: the block and the field. */
function whereOf(problem: Problem, types: Map<string, BlockType>, blocks: Json[]): string {
  const segments = pathSegments(problem.path);
  if (segments[0] === 'blocks' && typeof segments[1] === 'number') {
    const block = blocks[segments[1]];
    return `Block ${segments[1] + 1}, ${types.get(String(block?.type))?.title ?? 'block'}${segments.length > 2 ? `: ${segments.slice(2).join(' › ')}` : ''}`;
  }
  return problem.path ? `Page: ${segments.join(' › ')}` : `Line ${problem.line}`;
}

interface Loaded {
  opened: OpenedFile | null;
  /** The hash of the file the draft is based on; null for a file not on disk yet. */
  base: string | null;
  initial: { present: Snapshot; past: Snapshot[]; future: Snapshot[] };
  restored: boolean;
}

/** Loads a file, and the draft of it the browser kept, if any. */
function useLoaded(path: string): { loaded: Loaded | null; error: string; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks for the file again.
  useEffect(() => {
    let live = true;
    setLoaded(null);
    setError('');
    const stored = readDraft(path);
    if (stored && stored.base === null) {
      // A new page that is not on disk yet: its draft is all there is (a file made meanwhile
      // under the same name is caught at save, which refuses to overwrite it).
      setLoaded({ opened: null, base: null, initial: stored, restored: false });
      return;
    }
    api
      .open(path)
      .then((opened) => {
        if (!live) return;
        if (stored && stored.base !== null) {
          setLoaded({ opened, base: stored.base, initial: stored, restored: true });
        } else {
          setLoaded({
            opened,
            base: opened.hash,
            initial: { present: { value: opened.value, keys: keysFor(opened.value) }, past: [], future: [] },
            restored: false,
          });
        }
      })
      .catch((failure: Error & { status?: number }) => {
        if (!live) return;
        setError(failure.message);
      });
    return () => {
      live = false;
    };
  }, [path, generation]);
  return { loaded, error, reload: useCallback(() => setGeneration((n) => n + 1), []) };
}

export function FileEditor({ path, model }: { path: string; model: EditorModel }) {
  const { loaded, error, reload } = useLoaded(path);
  if (error)
    return (
      <chakra.main p="6">
        <chakra.h1 textStyle="h3">{path}</chakra.h1>
        <chakra.p role="alert" mt="3">
          {error}
        </chakra.p>
        <EditorLink href="/">Back to all pages</EditorLink>
      </chakra.main>
    );
  if (!loaded) return <chakra.p p="6">Opening {path}…</chakra.p>;
  return <Editing key={`${path}:${loaded.base}`} path={path} model={model} loaded={loaded} reload={reload} />;
}

function Editing({ path, model, loaded, reload }: { path: string; model: EditorModel; loaded: Loaded; reload: () => void }) {
  const [, navigate] = useLocation();
  const announce = useAnnouncer();
  const { opened } = loaded;
  const [base, setBase] = useState(loaded.base);
  const [savedValue, setSavedValue] = useState<Json | null>(opened?.value ?? null);
  const [savedText, setSavedText] = useState(opened?.text ?? '');
  const history = useDraftHistory(path, base, loaded.initial);
  const { present } = history;
  const value = present.value;
  const kind = opened?.kind ?? 'page';
  const hasBlocks = kind === 'page' || kind === 'template';
  const blocks = (Array.isArray(value.blocks) ? value.blocks : []) as Json[];
  const types = useMemo(() => new Map(model.blocks.map((type) => [type.type, type])), [model.blocks]);
  const [chosen, setSelected] = useState<number | 'file'>(hasBlocks && blocks.length > 0 ? 0 : 'file');
  // An undo can take away the block that was chosen.
  const selected: number | 'file' =
    chosen !== 'file' && chosen >= blocks.length ? (blocks.length > 0 ? blocks.length - 1 : 'file') : chosen;
  const [problems, setProblems] = useState<Problem[]>(opened?.problems ?? []);
  const [warnings, setWarnings] = useState<Problem[]>(opened?.warnings ?? []);
  const [checking, setChecking] = useState(false);
  const [palette, setPalette] = useState<number | null>(null);
  const [conflict, setConflict] = useState<{ text: string } | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [restored, setRestored] = useState(loaded.restored);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const formBox = useRef<HTMLDivElement>(null);
  const dirty = savedValue === null || JSON.stringify(savedValue) !== JSON.stringify(value);
  const schemaKey = opened?.schema ?? 'page';

  // Checked as it changes, by the validator itself.
  useEffect(() => {
    let live = true;
    setChecking(true);
    const timer = setTimeout(() => {
      api
        .check(path, value)
        .then((result) => {
          if (!live) return;
          setProblems(result.problems);
          setWarnings(result.warnings);
        })
        .catch(() => undefined)
        .finally(() => live && setChecking(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, value]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent): void => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, in any field.
  useEffect(() => {
    const keys = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        history.undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        history.redo();
      }
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, [history.undo, history.redo]);

  useEffect(() => {
    document.title = `${String(value.title ?? value.name ?? path)} – Page editor`;
  }, [value.title, value.name, path]);

  const setBlocks = (next: Json[], keys: string[], field: string | null = null): void =>
    history.change({ value: { ...value, blocks: next }, keys }, field);

  const move = (from: number, to: number): void => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const next = [...blocks];
    const keys = [...present.keys];
    const [block] = next.splice(from, 1);
    const [key] = keys.splice(from, 1);
    next.splice(to, 0, block as Json);
    keys.splice(to, 0, key as string);
    setBlocks(next, keys);
    setSelected(to);
    announce(`Moved block ${types.get(String(block?.type))?.title ?? ''} to position ${to + 1} of ${next.length}.`);
  };
  const insert = (type: BlockType, at: number): void => {
    const next = [...blocks];
    const keys = [...present.keys];
    next.splice(at, 0, structuredClone(type.example));
    keys.splice(at, 0, newKey());
    setBlocks(next, keys);
    setSelected(at);
    setPalette(null);
    announce(`Added a ${type.title} block at position ${at + 1}.`);
  };
  const duplicate = (index: number): void => {
    const next = [...blocks];
    const keys = [...present.keys];
    next.splice(index + 1, 0, structuredClone(blocks[index] as Json));
    keys.splice(index + 1, 0, newKey());
    setBlocks(next, keys);
    setSelected(index + 1);
    announce(`Copied block ${index + 1}; the copy is block ${index + 2}.`);
  };
  const remove = (index: number): void => {
    const next = blocks.filter((_, at) => at !== index);
    const keys = present.keys.filter((_, at) => at !== index);
    setBlocks(next, keys);
    setSelected(next.length === 0 ? 'file' : Math.min(index, next.length - 1));
    announce(`Deleted block ${index + 1}. Undo with Ctrl+Z.`);
  };

  const problemsByBlock = useMemo(() => {
    const counts = new Map<number, number>();
    for (const problem of problems) {
      const [first, second] = pathSegments(problem.path);
      if (first === 'blocks' && typeof second === 'number') counts.set(second, (counts.get(second) ?? 0) + 1);
    }
    return counts;
  }, [problems]);

  /** Shows the field a problem is about, and puts the cursor in it. */
  const goTo = (problem: Problem): void => {
    const segments = pathSegments(problem.path);
    let inForm = segments;
    if (hasBlocks && segments[0] === 'blocks' && typeof segments[1] === 'number') {
      setSelected(segments[1]);
      inForm = segments.slice(2);
    } else {
      setSelected('file');
    }
    setTimeout(() => {
      for (let length = inForm.length; length >= 0; length -= 1) {
        const element = document.getElementById(fieldId(inForm.slice(0, length)));
        const target = element?.matches('input, select, textarea, button')
          ? element
          : element?.querySelector<HTMLElement>('input, select, textarea, button');
        if (target) {
          target.focus();
          return;
        }
      }
      formBox.current?.focus();
    }, 50);
  };

  const save = async (): Promise<void> => {
    const first = problems[0];
    if (first) return goTo(first);
    setSaving(true);
    try {
      const result = await api.save(path, value, base);
      if (result.status === 'saved') {
        setBase(result.hash);
        setSavedValue(value);
        setSavedText(result.text);
        clearDraft(path);
        setStatus(`Saved ${path}.`);
        announce(`Saved ${path}.`);
      } else if (result.status === 'problems') {
        setProblems(result.problems);
        if (result.problems[0]) goTo(result.problems[0]);
      } else {
        setConflict({ text: result.text });
      }
    } catch (failure) {
      setStatus(`Not saved: ${(failure as Error).message}`);
    } finally {
      setSaving(false);
    }
  };

  const discard = (): void => {
    clearDraft(path);
    if (!opened) {
      navigate('/');
      return;
    }
    history.reset({ value: opened.value, keys: keysFor(opened.value) });
    setSavedValue(opened.value);
    setRestored(false);
    reload();
  };

  const formValue = useMemo(() => {
    if (selected !== 'file') return blocks[selected];
    const { $schema: _s, schemaVersion: _v, blocks: _b, ...rest } = value;
    return rest;
  }, [selected, blocks, value]);
  const formSchema = selected === 'file' ? model.forms[schemaKey] : types.get(String(blocks[selected]?.type))?.schema;
  const prefix = useMemo(() => (selected === 'file' ? [] : ['blocks', selected]), [selected]);
  const fileProblems = useMemo(
    () => (selected === 'file' ? problems.filter((problem) => pathSegments(problem.path)[0] !== 'blocks') : problems),
    [problems, selected],
  );
  const onFormChange = (next: Json, field: string | null): void => {
    if (selected === 'file') {
      const bookkeeping = { $schema: value.$schema, schemaVersion: value.schemaVersion };
      history.change(
        { value: { ...bookkeeping, ...next, ...(hasBlocks ? { blocks: value.blocks } : {}) }, keys: present.keys },
        `file:${field}`,
      );
    } else {
      const nextBlocks = [...blocks];
      nextBlocks[selected] = next;
      setBlocks(nextBlocks, present.keys, `${selected}:${field}`);
    }
  };
  const title = String(value.title ?? value.name ?? path);

  return (
    // Wide screens: three panels side by side, each scrolling. Narrow ones: one column that scrolls as a page.
    <chakra.div
      display="grid"
      gridTemplateRows="auto auto 1fr"
      h={{ base: 'auto', lg: '100dvh' }}
      minH="100dvh"
      overflow={{ base: 'visible', lg: 'hidden' }}
    >
      <chakra.header
        display="flex"
        flexWrap="wrap"
        gap="3"
        alignItems="center"
        px="4"
        py="2"
        borderBottomWidth="1px"
        borderColor="line.default"
        bg="white"
      >
        <EditorLink href="/">All pages</EditorLink>
        <chakra.div me="auto" minW="0">
          <chakra.h1 textStyle="h3" fontSize="lg" lineHeight="short">
            {title}
          </chakra.h1>
          <chakra.p textStyle="small" color="text.muted">
            {path}
            {opened?.route ? ` · ${opened.route}` : ''}
            {dirty ? ' · unsaved changes' : ''}
          </chakra.p>
        </chakra.div>
        <Button size="sm" variant="outline" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </Button>
        <Button size="sm" variant="outline" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </Button>
        {dirty && opened ? (
          <Button size="sm" variant="ghost" onClick={discard}>
            Discard changes
          </Button>
        ) : null}
        {opened && kind !== 'site' ? (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void api.dependents(path).then(setDeleting)}>
            Delete
          </Button>
        ) : null}
        <Button size="sm" onClick={() => void save()} loading={saving} disabled={!dirty && problems.length === 0} data-save="">
          {problems.length > 0 ? `${plural(problems.length, 'problem')}: show the first` : 'Save'}
        </Button>
      </chakra.header>

      <chakra.div>
        <chakra.p role="status" aria-live="polite" px="4" textStyle="small" color="text.muted">
          {checking ? '' : status}
        </chakra.p>
        {restored ? (
          <chakra.div role="note" px="4" py="2" bg="brand.subtle" textStyle="small" display="flex" gap="3" alignItems="center">
            Your unsaved changes to this file were kept from last time.
            <Button size="2xs" variant="outline" onClick={() => setRestored(false)}>
              Keep them
            </Button>
            <Button size="2xs" variant="ghost" onClick={discard}>
              Discard them
            </Button>
          </chakra.div>
        ) : null}
        {opened?.behind ? (
          <chakra.div role="note" px="4" py="3" bg="orange.50" textStyle="small">
            <chakra.p fontWeight="650">
              This file was written for version {opened.behind.written} of the schemas; they are at version {opened.behind.current}.
              Upgrading changes it like this
              {opened.behind.others.length > 0 ? `, and ${plural(opened.behind.others.length, 'other file')} too` : ''}:
            </chakra.p>
            <Patch text={opened.behind.patch} label="What the upgrade changes" />
            <Button size="sm" mt="2" onClick={() => void api.migrate().then(() => reload())}>
              Upgrade every file (npm run migrate -- --write)
            </Button>
          </chakra.div>
        ) : null}
        {problems.length > 0 || warnings.length > 0 ? (
          <chakra.details
            px="4"
            py="2"
            borderBottomWidth="1px"
            borderColor="line.subtle"
            open={problems.length > 0 && problems.length <= 3}
          >
            <chakra.summary textStyle="small" fontWeight="650" cursor="pointer">
              {plural(problems.length, 'problem')}
              {warnings.length > 0 ? `, ${plural(warnings.length, 'warning')}` : ''} (the same that npm run validate reports)
            </chakra.summary>
            <chakra.ul listStyle="none" display="grid" gap="1" mt="2" data-problems="">
              {[...problems, ...warnings].map((problem) => (
                <li key={`${problem.path}:${problem.code}:${problem.message}`}>
                  <chakra.button
                    type="button"
                    textAlign="start"
                    textStyle="small"
                    onClick={() => goTo(problem)}
                    _hover={{ textDecoration: 'underline' }}
                  >
                    <chakra.span fontWeight="600">{whereOf(problem, types, blocks)}:</chakra.span> {problem.message}{' '}
                    <chakra.code color="text.muted">[{problem.code}]</chakra.code>
                  </chakra.button>
                </li>
              ))}
            </chakra.ul>
          </chakra.details>
        ) : null}
      </chakra.div>

      <chakra.div
        display="grid"
        gridTemplateColumns={{ base: '1fr', lg: hasBlocks ? '18rem minmax(22rem, 1fr) 1.4fr' : 'minmax(22rem, 1fr) 1.4fr' }}
        minH="0"
        overflow={{ base: 'visible', lg: 'hidden' }}
      >
        {hasBlocks ? (
          <chakra.nav
            aria-label="Page outline"
            overflowY={{ base: 'visible', lg: 'auto' }}
            p="3"
            borderEndWidth="1px"
            borderColor="line.subtle"
            bg="surface.page"
          >
            <chakra.button
              type="button"
              onClick={() => setSelected('file')}
              aria-current={selected === 'file' ? 'true' : undefined}
              w="full"
              textAlign="start"
              p="2"
              mb="3"
              borderRadius="md"
              borderWidth="1px"
              borderColor={selected === 'file' ? 'brand.solid' : 'line.subtle'}
              bg={selected === 'file' ? 'brand.subtle' : 'white'}
              fontWeight="650"
              textStyle="small"
            >
              Page settings: title, address words, description
            </chakra.button>
            <Outline
              blocks={blocks}
              keys={present.keys}
              types={types}
              selected={selected === 'file' ? null : selected}
              problems={problemsByBlock}
              onSelect={setSelected}
              onMove={move}
              onDuplicate={duplicate}
              onDelete={remove}
              onInsert={(at) => setPalette(at)}
            />
            <Button size="sm" w="full" mt="3" onClick={() => setPalette(blocks.length)}>
              Add a block
            </Button>
          </chakra.nav>
        ) : null}
        <chakra.section
          ref={formBox}
          tabIndex={-1}
          aria-label="Fields"
          overflowY={{ base: 'visible', lg: 'auto' }}
          p="4"
          borderEndWidth="1px"
          borderColor="line.subtle"
        >
          <chakra.h2 textStyle="h3" fontSize="md" mb="3">
            {selected === 'file'
              ? hasBlocks
                ? 'Page settings'
                : kind === 'site'
                  ? 'Site file'
                  : `Entry of ${opened?.collection ?? 'a collection'}`
              : `Block ${selected + 1}: ${types.get(String(blocks[selected]?.type))?.title ?? String(blocks[selected]?.type)}`}
          </chakra.h2>
          {selected !== 'file' ? (
            <chakra.p textStyle="small" color="text.muted" mb="3">
              {types.get(String(blocks[selected]?.type))?.description}
            </chakra.p>
          ) : null}
          {formSchema ? (
            <EditorForm
              key={`${selected}:${present.keys[selected === 'file' ? -1 : selected] ?? ''}`}
              schema={formSchema}
              value={formValue}
              problems={fileProblems}
              prefix={prefix}
              onChange={onFormChange}
            />
          ) : (
            <chakra.p>This block type is unknown: its file has a problem that the list above names.</chakra.p>
          )}
        </chakra.section>
        <Preview path={path} value={value} selected={selected === 'file' ? null : selected} onSelect={(index) => setSelected(index)} />
      </chakra.div>

      <Palette
        open={palette !== null}
        position={palette ?? 0}
        blocks={model.blocks}
        onChoose={(type) => insert(type, palette ?? blocks.length)}
        onClose={() => setPalette(null)}
      />
      <ModalDialog
        open={conflict !== null}
        onClose={() => setConflict(null)}
        title="This file changed on disk"
        closeLabel="Close"
        description="Someone or something changed it after you opened it (a hand edit, a git pull). Nothing was written. This is what changed:"
      >
        {conflict ? (
          <Patch
            text={createTwoFilesPatch(path, path, savedText, conflict.text, 'when you opened it', 'on disk now')}
            label="What changed on disk"
          />
        ) : null}
        <chakra.div display="flex" gap="3" mt="4" flexWrap="wrap">
          <Button
            onClick={() => {
              setConflict(null);
              discard();
            }}
          >
            Reload it from disk (your changes are dropped)
          </Button>
          <Button variant="outline" onClick={() => setConflict(null)}>
            Keep editing
          </Button>
        </chakra.div>
      </ModalDialog>
      <ModalDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${path}?`}
        closeLabel="Close"
        role="alertdialog"
      >
        {deleting && deleting.length > 0 ? (
          <>
            <chakra.p>These files link to it or name it, and would have problems until they are changed:</chakra.p>
            <chakra.ul ps="6" listStyleType="disc" my="2" data-dependents="">
              {deleting.map((file) => (
                <li key={file}>{file}</li>
              ))}
            </chakra.ul>
          </>
        ) : (
          <chakra.p>No other file links to it.</chakra.p>
        )}
        <chakra.div display="flex" gap="3" mt="4">
          <Button
            colorPalette="red"
            onClick={() =>
              void api.remove(path, base ?? '').then(
                () => {
                  clearDraft(path);
                  navigate('/');
                },
                (failure: Error) => {
                  setDeleting(null);
                  setStatus(`Nothing was deleted: ${failure.message}`);
                },
              )
            }
          >
            Delete the file
          </Button>
          <Button variant="outline" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
        </chakra.div>
      </ModalDialog>
    </chakra.div>
  );
}
