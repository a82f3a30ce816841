import { Button, chakra } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Control } from '../../ui/styled';
import { api } from '../app/api';
import type { ChangedFile, ChangesAnswer, EditorModel, PersonName, PublishAnswer, PublishChoices } from '../../content/api-types';
import { DiscardChangeDialog } from './DiscardChangeDialog';
import { EditorLink } from '../app/EditorLink';
import { PublishConflicts } from './PublishConflicts';
import { plural } from '../../content/plural';

/** Where the person's name and e-mail are kept when git has none: asked once, per browser. */
const AUTHOR_KEY = 'page-editor:author';

function storedAuthor(): PersonName | null {
  try {
    const value = JSON.parse(localStorage.getItem(AUTHOR_KEY) ?? 'null') as PersonName | null;
    return value && typeof value.name === 'string' && typeof value.email === 'string' ? value : null;
  } catch {
    return null;
  }
}

const STATE_WORDS: Record<ChangedFile['state'], string> = {
  added: 'New',
  modified: 'Changed',
  deleted: 'Deleted',
  renamed: 'Moved',
};

/** The description the editor proposes: the chosen files' summaries, one after the other. */
const proposal = (files: ChangedFile[]): string =>
  files.map((file) => file.summary || `${file.title}: ${STATE_WORDS[file.state]}`).join('; ');

/** What a publish did, in words a person reads. */
function resultWords(result: PublishAnswer, count: number): string {
  switch (result.status) {
    case 'published':
      return `Published: ${plural(count, 'file')} ${count === 1 ? 'is' : 'are'} on the server now.`;
    case 'committed':
      return `Saved in this folder’s history: ${plural(count, 'file')}. There is no server to send ${count === 1 ? 'it' : 'them'} to.`;
    case 'not-pushed':
      return `Saved here, but not yet published. ${result.message}`;
    case 'refused':
      return `Nothing was published: ${result.message}`;
    case 'conflicts':
      return 'Someone published changes to the same fields meanwhile. Choose which values to keep, then publish again.';
  }
}

/** One changed file: its checkbox (none to tick while it has problems), what changed, and its problems. */
function ChangeRow({
  file,
  published,
  chosen,
  onToggle,
  onDiscard,
}: {
  file: ChangedFile;
  /** The commit of the last published state; null when nothing is published yet. */
  published: string | null;
  chosen: boolean;
  onToggle: (chosen: boolean) => void;
  onDiscard: () => void;
}) {
  const id = `change-${file.path}`;
  const blocked = file.problems.length > 0;
  const first = file.problems[0];
  return (
    <chakra.li
      display="grid"
      gridTemplateColumns="auto 1fr"
      alignItems="start"
      gap="3"
      py="3"
      borderBottomWidth="1px"
      borderColor="line.subtle"
      data-change={file.path}
    >
      <chakra.input
        id={id}
        type="checkbox"
        mt="1.5"
        checked={chosen && !blocked}
        disabled={blocked}
        onChange={(event) => onToggle(event.target.checked)}
        aria-describedby={`${id}-about`}
      />
      <chakra.div display="grid" gap="1">
        <chakra.label htmlFor={id} fontWeight="650">
          {file.title}
        </chakra.label>
        <chakra.div id={`${id}-about`} textStyle="small" display="grid" gap="1">
          <chakra.span color="text.muted" overflowWrap="anywhere">
            {STATE_WORDS[file.state]} · {file.from ? `${file.from} → ` : ''}
            {file.path}
            {file.committed ? ' · not yet published' : ''}
          </chakra.span>
          {file.summary ? <chakra.span>{file.summary}</chakra.span> : null}
          {first ? (
            <chakra.span color="red.700" fontWeight="600">
              {plural(file.problems.length, 'problem')}, so it cannot be published yet: {first.message}
            </chakra.span>
          ) : null}
        </chakra.div>
        <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" textStyle="small">
          {first && file.state !== 'deleted' ? (
            <EditorLink
              href={`/edit?path=${encodeURIComponent(file.path)}&problem=first`}
            >{`Open ${file.title} at its first problem`}</EditorLink>
          ) : null}
          {published && file.state === 'modified' && file.kind !== 'media' ? (
            <EditorLink href={`/history?path=${encodeURIComponent(file.path)}&compare=${published}`}>Before and after</EditorLink>
          ) : null}
          {file.kind !== 'media' ? <EditorLink href={`/history?path=${encodeURIComponent(file.path)}`}>History</EditorLink> : null}
          {file.uncommitted ? (
            <Button size="2xs" variant="ghost" colorPalette="red" onClick={onDiscard} aria-label={`Discard the changes to ${file.title}`}>
              Discard
            </Button>
          ) : null}
        </chakra.div>
      </chakra.div>
    </chakra.li>
  );
}

/**
 * Changes and Publish: every content file that differs from what is published, told in words,
 * chosen (all by default; a file with problems cannot be), described, and published in one
 * commit under the person's name. When git knows no one, the person's name and e-mail are asked
 * once and kept in this browser.
 */
export function ChangesPage({ model }: { model: EditorModel }) {
  const [list, setList] = useState<ChangesAnswer | null>(null);
  const [error, setError] = useState('');
  const [unchosen, setUnchosen] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState('');
  const [edited, setEdited] = useState(false);
  const [serverAuthor, setServerAuthor] = useState<PersonName | null | undefined>(undefined);
  const [typed, setTyped] = useState<PersonName>(() => storedAuthor() ?? { name: '', email: '' });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ answer: PublishAnswer; count: number } | null>(null);
  const [discarding, setDiscarding] = useState<ChangedFile | null>(null);
  const [discardBusy, setDiscardBusy] = useState(false);
  const [discarded, setDiscarded] = useState('');
  const afterDiscard = useRef(false);
  // The row and its button may be gone: once the dialog has closed (its effect runs first, and gives the focus back to
  // that button), the focus goes to the heading, below which the words say what happened.
  useEffect(() => {
    if (discarding || !afterDiscard.current) return;
    afterDiscard.current = false;
    document.querySelector<HTMLElement>('[data-changes-heading]')?.focus();
  }, [discarding]);

  const load = useCallback(
    (): Promise<void> =>
      api
        .changes()
        .then((answer) => {
          setList(answer);
          setError('');
        })
        .catch((failure: Error) => setError(failure.message)),
    [],
  );
  useEffect(() => {
    document.title = 'Changes – Page editor';
    void load();
    api
      .author()
      // Behind a trusted sign-in no one is asked: the sign-in names the author, or the server says why it cannot publish.
      .then((answer) => setServerAuthor(answer.from === 'proxy' ? (answer.author ?? undefined) : answer.author))
      .catch(() => setServerAuthor(null));
  }, [load]);

  const changes = list?.changes ?? [];
  const chosen = useMemo(() => changes.filter((file) => file.problems.length === 0 && !unchosen.has(file.path)), [changes, unchosen]);
  const description = edited ? message : proposal(chosen);
  const asking = serverAuthor === null;

  const submit = async (event: FormEvent, choices?: PublishChoices): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    const author = asking ? { name: typed.name.trim(), email: typed.email.trim() } : undefined;
    if (author) localStorage.setItem(AUTHOR_KEY, JSON.stringify(author));
    setBusy(true);
    try {
      const answer = await api.publish(
        chosen.map((file) => file.path),
        description,
        author,
        choices,
      );
      setResult({ answer, count: chosen.length });
      if (answer.status !== 'refused' && answer.status !== 'conflicts') {
        setEdited(false);
        setMessage('');
        await load();
      }
    } catch (failure) {
      setResult({ answer: { status: 'refused', reason: 'server', message: (failure as Error).message }, count: 0 });
    } finally {
      setBusy(false);
    }
  };

  const discard = async (): Promise<void> => {
    const file = discarding;
    if (!file || discardBusy) return;
    setDiscardBusy(true);
    try {
      const answer = await api.discard(file.path);
      setResult(null);
      setDiscarded(answer.status === 'discarded' ? `The changes to ${file.title} are discarded.` : answer.message);
      await load();
    } catch (failure) {
      setDiscarded(`The changes to ${file.title} could not be discarded: ${(failure as Error).message}`);
    } finally {
      setDiscardBusy(false);
      afterDiscard.current = true;
      setDiscarding(null);
    }
  };

  return (
    <chakra.main maxW="4xl" mx="auto" p={{ base: '4', md: '8' }}>
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" mb="6">
        <chakra.h1 textStyle="h2" me="auto" tabIndex={-1} outline="none" data-changes-heading="">
          Changes
        </chakra.h1>
        <EditorLink href="/">Back to the pages</EditorLink>
      </chakra.div>
      {error ? <chakra.p role="alert">{error}</chakra.p> : null}
      {list === null && !error ? <chakra.p>Reading what changed…</chakra.p> : null}
      {list?.remoteProblem ? (
        <chakra.p role="alert" mb="4">
          {list.remoteProblem}
        </chakra.p>
      ) : null}
      <chakra.div role="status" mb="4" data-publish-result="">
        {busy ? 'Publishing…' : result ? resultWords(result.answer, result.count) : discarded}
      </chakra.div>
      {result?.answer.status === 'not-pushed' && result.answer.remote.length > 0 ? (
        <chakra.div mb="4">
          <chakra.p fontWeight="600">The server said:</chakra.p>
          <chakra.ul ps="5" listStyleType="disc">
            {result.answer.remote.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's lines, in order.
              <li key={index}>{line}</li>
            ))}
          </chakra.ul>
        </chakra.div>
      ) : null}
      {result?.answer.status === 'conflicts' ? (
        <PublishConflicts
          conflicts={result.answer.conflicts}
          model={model}
          busy={busy}
          onChoose={(choices, event) => void submit(event, choices)}
        />
      ) : null}
      {list && changes.length === 0 ? (
        <chakra.p>
          {list.unpushed > 0
            ? `${plural(list.unpushed, 'change')} saved here ${list.unpushed === 1 ? 'is' : 'are'} not yet published.`
            : 'Everything is published: no file differs from what is on the server.'}
        </chakra.p>
      ) : null}
      {changes.length > 0 ? (
        <chakra.form display="grid" gap="5" onSubmit={(event) => void submit(event)}>
          <chakra.fieldset>
            <chakra.legend textStyle="h3" mb="2">
              {plural(changes.length, 'changed file')}: choose what to publish
            </chakra.legend>
            <chakra.ul listStyle="none">
              {changes.map((file) => (
                <ChangeRow
                  key={file.path}
                  file={file}
                  published={list?.published ?? null}
                  chosen={!unchosen.has(file.path)}
                  onDiscard={() => setDiscarding(file)}
                  onToggle={(on) =>
                    setUnchosen((current) => {
                      const next = new Set(current);
                      if (on) next.delete(file.path);
                      else next.add(file.path);
                      return next;
                    })
                  }
                />
              ))}
            </chakra.ul>
          </chakra.fieldset>
          <chakra.div display="grid" gap="1.5">
            <chakra.label htmlFor="publish-message" fontWeight="600">
              Description of the change
            </chakra.label>
            <Control.textarea
              id="publish-message"
              required
              rows={3}
              value={description}
              onChange={(event) => {
                setEdited(true);
                setMessage(event.target.value);
              }}
              aria-describedby="publish-message-help"
            />
            <chakra.p id="publish-message-help" textStyle="small" color="text.muted">
              Required. Others find the change in the history by these words.
            </chakra.p>
          </chakra.div>
          {asking ? (
            <chakra.fieldset display="grid" gap="3">
              <chakra.legend fontWeight="600" mb="1">
                Who is publishing (asked once, kept in this browser)
              </chakra.legend>
              <chakra.div display="grid" gap="1.5">
                <chakra.label htmlFor="publish-name" textStyle="small" fontWeight="600">
                  Your name
                </chakra.label>
                <Control.input
                  id="publish-name"
                  required
                  autoComplete="name"
                  value={typed.name}
                  onChange={(event) => setTyped({ ...typed, name: event.target.value })}
                />
              </chakra.div>
              <chakra.div display="grid" gap="1.5">
                <chakra.label htmlFor="publish-email" textStyle="small" fontWeight="600">
                  Your e-mail address
                </chakra.label>
                <Control.input
                  id="publish-email"
                  type="email"
                  required
                  autoComplete="email"
                  value={typed.email}
                  onChange={(event) => setTyped({ ...typed, email: event.target.value })}
                />
              </chakra.div>
            </chakra.fieldset>
          ) : serverAuthor ? (
            <chakra.p textStyle="small" data-author="">
              Published as {serverAuthor.name} ({serverAuthor.email}).
            </chakra.p>
          ) : null}
          {result?.answer.status === 'conflicts' ? (
            // One way on while fields wait for a choice: the choices' own button (a plain Publish would only ask again).
            <chakra.p textStyle="small" color="text.muted">
              Choose a value for each field above, then press "Publish with these choices".
            </chakra.p>
          ) : (
            <chakra.div>
              <Button type="submit" disabled={chosen.length === 0}>
                {busy ? 'Publishing…' : `Publish ${plural(chosen.length, 'file')}`}
              </Button>
            </chakra.div>
          )}
        </chakra.form>
      ) : null}
      <DiscardChangeDialog file={discarding} busy={discardBusy} onDiscard={() => void discard()} onClose={() => setDiscarding(null)} />
    </chakra.main>
  );
}
