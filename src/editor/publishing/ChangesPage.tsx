import { Button, chakra } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useReducer, useState } from 'react';
import { Control } from '../../ui/styled';
import { api } from '../app/api';
import type { EditorModel, PublishChoices, PublishingAnswer } from '../../content/api-types';
import { approvalWords, publishDirectly } from './publish-directly';
import { AuthorFields } from './AuthorFields';
import { ChangeRow } from './ChangeRow';
import { changesState, chosenOf, descriptionOf, initialChanges, keptOf, withKept } from './changes-state';
import { keepChanges, storedChanges } from './stored-changes';
import { DiscardChangeDialog } from './DiscardChangeDialog';
import { EditorLink } from '../app/EditorLink';
import { PublishConflicts } from './PublishConflicts';
import { PublishResult } from './PublishResult';
import { nothingWaitingWords } from './nothing-waiting-words';
import { plural } from '../../content/plural';
import { keepAuthor, storedAuthor } from './stored-author';
import { useLiveStates } from './live/use-live-states';
import { AskForReview } from '../reviews/AskForReview';

/**
 * Changes and Publish: every content file that differs from what is published, told in words,
 * chosen (all by default; a file with problems cannot be), described, and published in one
 * commit under the person's name. When git knows no one, the person's name and e-mail are asked
 * once and kept in this browser. Its state is one reducer (changes-state.ts).
 */
export function ChangesPage({ model }: { model: EditorModel }) {
  const [state, dispatch] = useReducer(changesState, undefined, () =>
    withKept(initialChanges(storedAuthor() ?? { name: '', email: '' }), storedChanges()),
  );
  // The description written and conflicts waiting outlive the screen: leaving it loses nothing typed or chosen.
  const kept = keptOf(state);
  const keptText = JSON.stringify(kept);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keptText says when `kept` changed.
  useEffect(() => keepChanges(kept), [keptText]);
  const { list, error, busy, result, discarding, discardBusy, serverAuthor } = state;
  // The row and its button may be gone: once the dialog has closed (its effect runs first, and gives the focus back to
  // that button), the focus goes to the heading, below which the words say what happened.
  useEffect(() => {
    if (state.headingFocus > 0) document.querySelector<HTMLElement>('[data-changes-heading]')?.focus();
  }, [state.headingFocus]);

  const load = useCallback(
    (): Promise<void> =>
      api
        .changes()
        .then((answer) => dispatch({ type: 'listed', answer }))
        .catch((failure: Error) => dispatch({ type: 'listFailed', message: failure.message })),
    [],
  );
  useEffect(() => {
    document.title = 'Changes – Page editor';
    void load();
    api
      .author()
      .then((answer) => dispatch({ type: 'authorKnown', answer }))
      .catch(() => dispatch({ type: 'authorUnknown' }));
  }, [load]);

  const [approval, setApproval] = useState<PublishingAnswer['approval']>();
  useEffect(() => {
    api
      .publishing()
      .then((answer) => setApproval(answer.approval))
      .catch(() => undefined);
  }, []);
  const live = useLiveStates();
  const changes = list?.changes ?? [];
  const chosen = chosenOf(state);
  const description = descriptionOf(state);
  const asking = serverAuthor === null;

  const submit = async (event: Pick<FormEvent, 'preventDefault'>, choices?: PublishChoices, takeOutLinks = false): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    const author = asking ? { name: state.typed.name.trim(), email: state.typed.email.trim() } : undefined;
    if (author) keepAuthor(author);
    dispatch({ type: 'publishStarted' });
    try {
      const answer = await api.publish(
        chosen.map((file) => file.path),
        description,
        author,
        choices,
        takeOutLinks,
      );
      // The pages whose links to a chosen one were taken out are published with the chosen ones.
      const linksTakenOut = takeOutLinks && result?.answer.status === 'refused' && (result.answer.problems?.length ?? 0) > 0;
      dispatch({ type: 'published', answer, titles: chosen.map((file) => file.title), linksTakenOut });
      if (answer.status === 'published') live.watch([{ commit: answer.commit, since: Date.now() }]);
      if (answer.status !== 'refused' && answer.status !== 'conflicts') await load();
    } catch (failure) {
      dispatch({ type: 'publishFailed', message: (failure as Error).message });
    } finally {
      dispatch({ type: 'publishEnded' });
    }
  };

  const discard = async (): Promise<void> => {
    const file = discarding;
    if (!file || discardBusy) return;
    dispatch({ type: 'discardStarted' });
    try {
      const answer = await api.discard(file.path);
      dispatch({ type: 'discarded', file, answer });
      await load();
    } catch (failure) {
      dispatch({ type: 'discardFailed', file, message: (failure as Error).message });
    } finally {
      dispatch({ type: 'discardEnded' });
    }
  };

  return (
    <chakra.main maxW="4xl" mx="auto" p={{ base: '4', md: '8' }}>
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" mb="6">
        <chakra.h1 textStyle="h2" me="auto" tabIndex={-1} outline="none" data-changes-heading="">
          Changes
        </chakra.h1>
        <EditorLink href="/reviews">Reviews</EditorLink>
        <EditorLink href="/">Back to the pages</EditorLink>
      </chakra.div>
      {error ? <chakra.p role="alert">{error}</chakra.p> : null}
      {list === null && !error ? <chakra.p>Reading what changed…</chakra.p> : null}
      {list?.remoteProblem ? (
        <chakra.p role="alert" mb="4">
          {list.remoteProblem}
        </chakra.p>
      ) : null}
      <PublishResult
        sending={state.sending}
        result={result}
        discarded={state.discarded}
        live={live.wordsOf(result?.answer.status === 'published' ? result.answer.commit : '')}
      />
      {result?.answer.status === 'conflicts' ? (
        <PublishConflicts
          conflicts={result.answer.conflicts}
          model={model}
          busy={busy}
          choices={state.choices}
          onPick={(name, side) => dispatch({ type: 'conflictChosen', name, side })}
          onChoose={(choices, event) => void submit(event, choices)}
        />
      ) : null}
      {result?.answer.status === 'refused' && result.answer.canTakeOutLinks ? (
        <chakra.div mb="4">
          <Button data-take-out-links="" onClick={(event) => void submit(event, undefined, true)} disabled={busy}>
            Take the links out and publish
          </Button>
        </chakra.div>
      ) : null}
      {list && changes.length === 0 ? (
        <chakra.p data-nothing-waiting="">
          {nothingWaitingWords(list.unpushed, result?.answer.status === 'published' || result?.answer.status === 'committed')}
        </chakra.p>
      ) : null}
      {changes.length > 0 ? (
        <chakra.form display="grid" gap="5" onSubmit={(event) => void submit(event)}>
          <chakra.fieldset>
            <chakra.legend textStyle="h3" mb="2">
              {plural(changes.length, 'change')}: choose what to publish
            </chakra.legend>
            <chakra.ul listStyle="none">
              {changes.map((file) => (
                <ChangeRow
                  key={file.path}
                  file={file}
                  published={list?.published ?? null}
                  chosen={!state.unchosen.has(file.path)}
                  onDiscard={() => dispatch({ type: 'discardAsked', file })}
                  onToggle={(on) => dispatch({ type: 'toggled', path: file.path, chosen: on })}
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
              onChange={(event) => dispatch({ type: 'described', message: event.target.value })}
              aria-describedby="publish-message-help"
            />
            <chakra.p id="publish-message-help" textStyle="small" color="text.muted">
              Required. Others find the change in the history by these words.
            </chakra.p>
          </chakra.div>
          {asking ? (
            <AuthorFields idPrefix="publish" author={state.typed} onChange={(field, value) => dispatch({ type: 'typed', field, value })} />
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
            <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center">
              {approval && !publishDirectly(approval, asking ? state.typed : serverAuthor) ? (
                <chakra.p flexBasis="100%" data-approval-needed="">
                  {approvalWords(approval)}
                </chakra.p>
              ) : (
                <Button type="submit" disabled={chosen.length === 0}>
                  {busy ? 'Publishing…' : `Publish ${plural(chosen.length, 'change')}`}
                </Button>
              )}
              <AskForReview
                paths={chosen.map((file) => file.path)}
                description={description}
                author={() => (asking ? { name: state.typed.name.trim(), email: state.typed.email.trim() } : undefined)}
                disabled={chosen.length === 0 || busy}
              />
            </chakra.div>
          )}
        </chakra.form>
      ) : null}
      <DiscardChangeDialog
        file={discarding}
        busy={discardBusy}
        onDiscard={() => void discard()}
        onClose={() => dispatch({ type: 'discardClosed' })}
      />
    </chakra.main>
  );
}
