import { Button, chakra } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { AuthorAnswer, Comparison, EditorModel, PersonName, PublishChoices, PublishConflict } from '../../content/api-types';
import type { Side } from '../../content/merge';
import type { Review } from '../../content/review-types';
import { Control } from '../../ui/styled';
import { api } from '../app/api';
import { dateWords } from '../app/date-words';
import { EditorLink } from '../app/EditorLink';
import { AuthorFields } from '../publishing/AuthorFields';
import { VersionComparison } from '../publishing/history/VersionComparison';
import { PublishConflicts } from '../publishing/PublishConflicts';
import { keepAuthor, storedAuthor } from '../publishing/stored-author';
import { PreviewLinks } from './PreviewLinks';
import { useReviewWeights, WeightLine } from './WeightLine';
import { isOpen, reviewName, STATE_WORDS, STEP_WORDS } from './review-words';

/** What a page of the review shows: its comparison from the published version to the review's, or words for a page added or deleted. */
type Shown = Comparison | string;

/** Each page of `review` compared from its base to its tip. */
async function comparisonsOf(review: Review): Promise<Record<string, Shown>> {
  const shown: Record<string, Shown> = {};
  for (const page of review.pages) {
    if (page.change !== 'changed') shown[page.path] = page.change === 'added' ? 'A new page.' : 'This page is deleted.';
    else shown[page.path] = await api.compare(page.path, review.base, review.tip).catch((failure: Error) => failure.message);
  }
  return shown;
}

/** A required text and the button that sends it: a note asking for changes, or what a new version changed. */
function WordsForm({
  id,
  label,
  rows,
  value,
  onChange,
  action,
  busy,
  onSubmit,
}: {
  id: string;
  label: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  action: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <chakra.form display="grid" gap="1.5" onSubmit={onSubmit}>
      <chakra.label htmlFor={id} fontWeight="600">
        {label}
      </chakra.label>
      <Control.textarea id={id} required rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
      <chakra.div>
        <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
          {action}
        </Button>
      </chakra.div>
    </chakra.form>
  );
}

/**
 * One review: what it changes, page by page (blocks added, removed, moved and changed, both
 * versions side by side), every step with its words, and what can be done with it while it is
 * open: approve and publish it, ask for changes with a note, send a new version, or withdraw it.
 */
export function ReviewPage({ model }: { model: EditorModel }) {
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const [review, setReview] = useState<Review | null>(null);
  const [error, setError] = useState('');
  const [shown, setShown] = useState<Record<string, Shown>>({});
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [update, setUpdate] = useState('');
  const [conflicts, setConflicts] = useState<PublishConflict[] | null>(null);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [server, setServer] = useState<AuthorAnswer | undefined>(undefined);
  const [typed, setTyped] = useState<PersonName>(() => storedAuthor() ?? { name: '', email: '' });
  const [previews, setPreviews] = useState(false);
  const weights = useReviewWeights(review);

  const load = useCallback(async (): Promise<void> => {
    const answer = await api.reviews();
    const found = answer.reviews.find((each) => each.id === id);
    setPreviews(answer.previews);
    if (!found) {
      setError(answer.problem ?? 'There is no such review: it may have been removed.');
      return;
    }
    setReview(found);
    setShown(await comparisonsOf(found));
  }, [id]);
  useEffect(() => {
    document.title = 'Review – Page editor';
    load().catch((failure: Error) => setError(failure.message));
    api
      .author()
      .then(setServer)
      .catch(() => setServer({ author: null, from: 'git' }));
  }, [load]);
  useEffect(() => {
    if (review) document.title = `Review: ${reviewName(review)} – Page editor`;
  }, [review]);

  const asking = server?.author === null;
  /** The person taking a step: the one the browser was given when the server knows no one. */
  const person = (): PersonName | undefined => {
    if (!asking) return undefined;
    const given = { name: typed.name.trim(), email: typed.email.trim() };
    keepAuthor(given);
    return given;
  };
  /** Runs a step, says what came of it, and shows the review as it is after it. */
  const step = async (event: Pick<FormEvent, 'preventDefault'>, work: () => Promise<string>): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSaid('');
    try {
      setSaid(await work());
    } catch (failure) {
      setSaid((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const stored = (answer: Awaited<ReturnType<typeof api.answerReview>>, words: string): string => {
    if (answer.status !== 'stored') return answer.message;
    setReview(answer.review);
    void comparisonsOf(answer.review).then(setShown);
    return words;
  };
  const approve = (event: Pick<FormEvent, 'preventDefault'>, picked?: PublishChoices): Promise<void> =>
    step(event, async () => {
      if (!review) return '';
      const answer = await api.approveReview(review.id, review.tip, person(), picked);
      if (answer.status === 'conflicts') {
        setConflicts(answer.conflicts);
        return 'Since this review was asked for, someone published changes to the same fields: choose which to keep, below.';
      }
      setConflicts(null);
      if (answer.status !== 'published') return answer.message;
      setReview(answer.review);
      return 'Approved and published. Visitors see it once the site has been built again.';
    });

  if (error)
    return (
      <chakra.main maxW="4xl" mx="auto" p={{ base: '4', md: '8' }}>
        <chakra.h1 textStyle="h2" mb="4">
          Review
        </chakra.h1>
        <chakra.p role="alert" mb="4">
          {error}
        </chakra.p>
        <EditorLink href="/reviews">All reviews</EditorLink>
      </chakra.main>
    );
  return (
    <chakra.main maxW="4xl" mx="auto" p={{ base: '4', md: '8' }} display="grid" gap="6">
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center">
        <chakra.h1 textStyle="h2" me="auto">
          {review ? `Review: ${reviewName(review)}` : 'Review'}
        </chakra.h1>
        <EditorLink href="/reviews">All reviews</EditorLink>
      </chakra.div>
      {review === null ? <chakra.p>Reading the review…</chakra.p> : null}
      <chakra.p role="status" data-review-said="">
        {said}
      </chakra.p>
      {review ? (
        <>
          <chakra.section aria-labelledby="review-steps" display="grid" gap="2">
            <chakra.h2 id="review-steps" textStyle="h3">
              {STATE_WORDS[review.state]}
            </chakra.h2>
            <chakra.ol listStyle="none" display="grid" gap="2" data-review-steps="">
              {review.events.map((event) => (
                <chakra.li key={event.commit} borderStartWidth="3px" borderColor="line.subtle" ps="3">
                  <chakra.p textStyle="small" color="text.muted">
                    {event.by.name} {STEP_WORDS[event.step]} on {dateWords(event.at)}
                  </chakra.p>
                  <chakra.p whiteSpace="pre-wrap">{event.words}</chakra.p>
                </chakra.li>
              ))}
            </chakra.ol>
          </chakra.section>
          <chakra.section aria-labelledby="review-pages" display="grid" gap="4">
            <chakra.h2 id="review-pages" textStyle="h3">
              What it changes
            </chakra.h2>
            {weights?.state === 'ready' ? (
              <chakra.p data-review-verdict="">
                {weights.verdict === 'passed'
                  ? 'The site’s check passed on this version, with everything published since.'
                  : weights.verdict}
              </chakra.p>
            ) : null}
            {review.pages.map((page) => {
              const comparison = shown[page.path];
              return (
                <chakra.section key={page.path} aria-label={page.title} display="grid" gap="2" data-review-page={page.path}>
                  <chakra.h3 fontWeight="600">{page.title}</chakra.h3>
                  <WeightLine weights={weights} path={page.path} />
                  {comparison === undefined ? <chakra.p>Comparing…</chakra.p> : null}
                  {typeof comparison === 'string' ? <chakra.p>{comparison}</chakra.p> : null}
                  {comparison && typeof comparison === 'object' ? <VersionComparison comparison={comparison} /> : null}
                </chakra.section>
              );
            })}
          </chakra.section>
          {conflicts ? (
            <PublishConflicts
              conflicts={conflicts}
              model={model}
              busy={busy}
              choices={choices}
              onPick={(name, side) => setChoices({ ...choices, [name]: side })}
              onChoose={(picked, event) => void approve(event, picked)}
              mine="In the review: "
              action="Approve and publish with these choices"
            />
          ) : null}
          {isOpen(review) ? (
            <PreviewLinks
              links={review.links}
              available={previews}
              busy={busy}
              onShare={() =>
                void step({ preventDefault() {} }, async () =>
                  stored(await api.sharePreview(review.id, person()), 'A new preview link is ready: copy it and send it.'),
                )
              }
              onRevoke={(link) =>
                void step({ preventDefault() {} }, async () =>
                  stored(await api.revokePreview(review.id, link.id, person()), 'The link was revoked: it no longer opens the preview.'),
                )
              }
            />
          ) : null}
          {isOpen(review) ? (
            <chakra.section aria-labelledby="review-answer" display="grid" gap="5">
              <chakra.h2 id="review-answer" textStyle="h3">
                Your answer
              </chakra.h2>
              {asking ? (
                <AuthorFields idPrefix="review" author={typed} onChange={(field, value) => setTyped({ ...typed, [field]: value })} />
              ) : null}
              {conflicts ? null : (
                <chakra.form onSubmit={(event) => void approve(event)}>
                  <Button type="submit" aria-disabled={busy || undefined} data-approve="">
                    Approve and publish
                  </Button>
                </chakra.form>
              )}
              <WordsForm
                id="review-note"
                label="What should change"
                rows={3}
                value={note}
                onChange={setNote}
                action="Ask for changes"
                busy={busy}
                onSubmit={(event) =>
                  void step(event, async () =>
                    stored(await api.answerReview(review.id, 'changes-asked', note, person()), 'Your note was sent.'),
                  )
                }
              />
              <WordsForm
                id="review-update"
                label="Send your newest version of these pages: what you changed"
                rows={2}
                value={update}
                onChange={setUpdate}
                action="Send the new version"
                busy={busy}
                onSubmit={(event) =>
                  void step(event, async () => {
                    const paths = review.pages.map((page) => page.path);
                    return stored(await api.updateReview(review.id, paths, update, person()), 'Your new version was sent for review.');
                  })
                }
              />
              <chakra.div>
                <Button
                  variant="ghost"
                  aria-disabled={busy || undefined}
                  onClick={(event) =>
                    void step(event, async () =>
                      stored(await api.answerReview(review.id, 'withdrawn', '', person()), 'The review was withdrawn.'),
                    )
                  }
                >
                  Withdraw this review
                </Button>
              </chakra.div>
            </chakra.section>
          ) : null}
        </>
      ) : null}
    </chakra.main>
  );
}
