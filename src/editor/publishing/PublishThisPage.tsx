import { Button, chakra } from '@chakra-ui/react';
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangedFile, PersonName, PublishAnswer, PublishingAnswer } from '../../content/api-types';
import { publishDirectly } from './publish-directly';
import { plural } from '../../content/plural';
import { ModalDialog } from '../../dialogs/ModalDialog';
import { Control } from '../../ui/styled';
import { api } from '../app/api';
import { EditorLink } from '../app/EditorLink';
import { AuthorFields } from './AuthorFields';
import { publishWords } from './publish-words';
import { keepAuthor, storedAuthor } from './stored-author';

export interface PublishThisPageProps {
  path: string;
  title: string;
  /** Whether the draft has changes not saved: only what is saved is published. */
  dirty: boolean;
  /** The file as last saved: the change waiting is asked for again each time it changes. */
  savedText: string;
  /** Says what a publish did in the editor's status line. */
  onStatus: (status: string) => void;
}

/** The page's saved change waiting to be published, and how many other files have one; null until known or without publishing. */
interface Waiting {
  change: ChangedFile | null;
  others: number;
}

/** What the dialog says after a publish that did not go out, in words. */
function notPublishedWords(answer: PublishAnswer): string {
  switch (answer.status) {
    case 'refused':
      return `Nothing was published: ${answer.message}`;
    case 'not-pushed':
      return `Saved here, but not yet published. ${answer.message}`;
    case 'conflicts':
      return 'Someone published changes to the same fields of this page meanwhile. Choose which values to keep in Changes.';
    default:
      return '';
  }
}

/**
 * Publish beside Save: this page's saved change, described and published in one step from the
 * page editor, without going to Changes (which it names when other pages wait too, or when a
 * conflict needs a choice). Shown only where publishing works and the page has a saved change
 * without problems; unavailable while the draft has unsaved changes.
 */
export function PublishThisPage({ path, title, dirty, savedText, onStatus }: PublishThisPageProps) {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [dialog, setDialog] = useState<{ message: string; author: PersonName; busy: boolean; said: string } | null>(null);
  const [serverAuthor, setServerAuthor] = useState<PersonName | null | undefined>(undefined);
  const [approval, setApproval] = useState<PublishingAnswer['approval']>();
  // Counts the publishes made here: the change waiting is asked for again after each.
  const [published, setPublished] = useState(0);
  const ids = useId();

  // Asked again after each save (savedText) and each publish: they say when, and are not read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedText and published are when to ask again.
  useEffect(() => {
    let current = true;
    void (async () => {
      // Without publishing (no git), nothing else is asked: those routes would only answer 409.
      const publishing = await api.publishing();
      if (!publishing.available) return;
      setApproval(publishing.approval);
      if (serverAuthor === undefined)
        void api
          .author()
          .then((answer) => setServerAuthor(answer.author))
          .catch(() => setServerAuthor(null));
      const { changes } = await api.changes();
      if (!current) return;
      setWaiting({
        change: changes.find((file) => file.path === path) ?? null,
        others: changes.filter((file) => file.path !== path).length,
      });
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [path, savedText, published]);

  const change = waiting?.change;
  const available = change !== undefined && change !== null && change.problems.length === 0;
  const formRef = useRef<HTMLFormElement>(null);
  const open = (): void => {
    if (change) setDialog({ message: change.summary, author: storedAuthor() ?? { name: '', email: '' }, busy: false, said: '' });
  };

  // Ctrl+Enter (Cmd on a Mac) publishes, as Ctrl+S saves: it opens this dialog, with the cursor in the
  // description, and in the dialog publishes. Made again with each render's state, as it is shown.
  useLayoutEffect(() => {
    if (!available) return;
    const key = (event: KeyboardEvent): void => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.repeat) return;
      event.preventDefault();
      if (dialog) formRef.current?.requestSubmit();
      else if (dirty) onStatus('Save first (Ctrl+S): only saved changes are published.');
      else open();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  });

  if (!available) return null;
  const asking = serverAuthor === null;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!dialog || dialog.busy) return;
    const author = asking ? { name: dialog.author.name.trim(), email: dialog.author.email.trim() } : undefined;
    if (author) keepAuthor(author);
    setDialog({ ...dialog, busy: true, said: 'Publishing…' });
    try {
      const answer = await api.publish([path], dialog.message.trim(), author);
      if (answer.status === 'published' || answer.status === 'committed') {
        setDialog(null);
        setWaiting({ change: null, others: waiting?.others ?? 0 });
        setPublished((count) => count + 1);
        onStatus(publishWords({ answer, titles: [title] }));
        return;
      }
      setDialog({ ...dialog, busy: false, said: notPublishedWords(answer) });
    } catch (failure) {
      setDialog({ ...dialog, busy: false, said: `Nothing was published: ${(failure as Error).message}` });
    }
  };

  // A person the site's review settings send to Ask for review (on Changes) has no Publish here.
  if (serverAuthor && !publishDirectly(approval, serverAuthor)) return null;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-disabled={dirty || undefined}
        aria-describedby={dirty ? `${ids}-save-first` : undefined}
        onClick={dirty ? undefined : open}
        aria-keyshortcuts="Control+Enter"
        data-publish-page=""
      >
        Publish
      </Button>
      {dirty ? (
        <chakra.span id={`${ids}-save-first`} srOnly>
          Save first: only saved changes are published.
        </chakra.span>
      ) : null}
      <ModalDialog open={dialog !== null} onClose={() => setDialog(null)} title={`Publish “${title}”`} closeLabel="Close">
        {dialog ? (
          <chakra.form ref={formRef} display="grid" gap="4" onSubmit={(event) => void submit(event)}>
            <chakra.div display="grid" gap="1.5">
              <chakra.label htmlFor={`${ids}-message`} fontWeight="600">
                Description of the change
              </chakra.label>
              <Control.textarea
                id={`${ids}-message`}
                required
                rows={3}
                value={dialog.message}
                onChange={(event) => setDialog({ ...dialog, message: event.target.value })}
              />
            </chakra.div>
            {asking ? (
              <AuthorFields
                idPrefix={ids}
                author={dialog.author}
                onChange={(field, value) => setDialog({ ...dialog, author: { ...dialog.author, [field]: value } })}
              />
            ) : null}
            {waiting && waiting.others > 0 ? (
              <chakra.p>
                Only this page is published. {plural(waiting.others, 'other page')} {waiting.others === 1 ? 'has' : 'have'} changes waiting
                too: <EditorLink href="/changes">see them in Changes</EditorLink>.
              </chakra.p>
            ) : null}
            <chakra.p role="status" data-publish-page-result="">
              {dialog.said}
            </chakra.p>
            <chakra.div display="flex" gap="3" flexWrap="wrap">
              <Button type="submit" aria-busy={dialog.busy || undefined} aria-keyshortcuts="Control+Enter">
                {dialog.busy ? 'Publishing…' : 'Publish this page'}
              </Button>
              <Button variant="outline" onClick={() => setDialog(null)}>
                Cancel
              </Button>
            </chakra.div>
          </chakra.form>
        ) : null}
      </ModalDialog>
    </>
  );
}
