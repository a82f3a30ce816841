import { Button, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { PersonName } from '../../content/api-types';
import type { ReviewAnswer } from '../../content/review-types';
import { api } from '../app/api';
import { EditorLink } from '../app/EditorLink';
import { reviewWords } from './review-words';

/**
 * "Ask for review" beside Publish on Changes: the chosen files and the description go to a
 * colleague for approval instead of to visitors. The changes stay in the list, unpublished;
 * what became of the request is said below, with a link to the review.
 */
export function AskForReview({
  paths,
  description,
  author,
  disabled,
}: {
  paths: string[];
  description: string;
  /** The person, when the browser had to ask for a name (otherwise the server knows it). */
  author: () => PersonName | undefined;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ReviewAnswer | null>(null);
  const [failure, setFailure] = useState('');
  const ask = async (): Promise<void> => {
    if (busy || disabled) return;
    setBusy(true);
    setFailure('');
    try {
      setAnswer(await api.askReview(paths, description, author()));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" variant="outline" aria-disabled={disabled || busy || undefined} onClick={() => void ask()} data-ask-review="">
        {busy ? 'Asking for review…' : 'Ask for review'}
      </Button>
      <chakra.p role="status" flexBasis="100%" data-review-asked="">
        {failure}
        {answer?.status === 'refused' ? answer.message : null}
        {answer?.status === 'stored' ? (
          <>
            {`Sent for review: ${reviewWords(answer.review)}. Nothing is published until someone approves it. `}
            <EditorLink href={`/review?id=${encodeURIComponent(answer.review.id)}`}>See the review</EditorLink>
          </>
        ) : null}
      </chakra.p>
    </>
  );
}
