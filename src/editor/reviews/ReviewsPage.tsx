import { chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ReviewsAnswer } from '../../content/review-types';
import { api } from '../app/api';
import { dateWords } from '../app/date-words';
import { EditorLink } from '../app/EditorLink';
import { reviewName, reviewWords, STATE_WORDS } from './review-words';

/**
 * Reviews: every change someone asked a colleague to approve, newest first, with who asked,
 * when, which pages and where it stands; each opens to be compared, answered or approved.
 */
export function ReviewsPage() {
  const [answer, setAnswer] = useState<ReviewsAnswer | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    document.title = 'Reviews – Page editor';
    api
      .reviews()
      .then(setAnswer)
      .catch((failure: Error) => setError(failure.message));
  }, []);
  const reviews = answer?.reviews ?? [];
  return (
    <chakra.main maxW="4xl" mx="auto" p={{ base: '4', md: '8' }}>
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" mb="6">
        <chakra.h1 textStyle="h2" me="auto">
          Reviews
        </chakra.h1>
        <EditorLink href="/changes">Changes</EditorLink>
        <EditorLink href="/">Back to the pages</EditorLink>
      </chakra.div>
      {error ? <chakra.p role="alert">{error}</chakra.p> : null}
      {answer === null && !error ? <chakra.p>Reading the reviews…</chakra.p> : null}
      {answer?.problem ? (
        <chakra.p role="alert" mb="4">
          {answer.problem} The list shows the reviews as they were last read.
        </chakra.p>
      ) : null}
      {answer && reviews.length === 0 ? (
        <chakra.p data-no-reviews="">
          No one has asked for a review yet. To ask, choose your changes under Changes and press “Ask for review”.
        </chakra.p>
      ) : null}
      {reviews.length > 0 ? (
        <chakra.ul listStyle="none" display="grid" gap="3" data-reviews="">
          {reviews.map((review) => (
            <chakra.li key={review.id} borderWidth="1px" borderColor="line.subtle" borderRadius="md" p="4" display="grid" gap="1">
              <EditorLink href={`/review?id=${encodeURIComponent(review.id)}`}>{reviewName(review)}</EditorLink>
              <chakra.p textStyle="small" data-review-state={review.state}>
                <chakra.strong>{STATE_WORDS[review.state]}</chakra.strong>
                {` · ${reviewWords(review)}`}
              </chakra.p>
              <chakra.p textStyle="small" color="text.muted">
                Asked by {review.asked.by.name} on {dateWords(review.asked.at)}
                {review.events.length > 1
                  ? `; last: ${review.events.at(-1)?.by.name} on ${dateWords(review.events.at(-1)?.at ?? review.asked.at)}`
                  : ''}
              </chakra.p>
            </chakra.li>
          ))}
        </chakra.ul>
      ) : null}
    </chakra.main>
  );
}
