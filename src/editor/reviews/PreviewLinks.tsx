import { Button, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { PreviewLink } from '../../content/review-types';
import { reviewMessages } from '../../content/review-messages';
import { Control } from '../../ui/styled';
import { dateWords } from '../app/date-words';

/** The links still working: neither revoked nor expired. */
const working = (links: PreviewLink[], now = Date.now()): PreviewLink[] =>
  links.filter((link) => link.url && !link.revoked && Date.parse(link.expires) > now);

/**
 * A review's preview links, for people without the editor (a manager, a lawyer, the client):
 * each working link to copy and send, and to revoke; and the button that shares a new one. When
 * the editor cannot share links, it says so, and who can change that.
 */
export function PreviewLinks({
  links,
  available,
  busy,
  onShare,
  onRevoke,
}: {
  links: PreviewLink[];
  available: boolean;
  busy: boolean;
  onShare: () => void;
  onRevoke: (link: PreviewLink) => void;
}) {
  const [copied, setCopied] = useState('');
  const shown = working(links);
  return (
    <chakra.section aria-labelledby="review-links" display="grid" gap="3" data-preview-links="">
      <chakra.h2 id="review-links" textStyle="h3">
        Preview link
      </chakra.h2>
      {available ? (
        <chakra.p>
          Anyone with a preview link sees these pages as visitors will once they are approved, on a phone too, without the editor. Their
          forms send nothing. A link works until the day shown beside it, unless you revoke it.
        </chakra.p>
      ) : (
        <chakra.p>{reviewMessages.noPreviews}</chakra.p>
      )}
      {shown.map((link) => {
        const label = `Link shared by ${link.by.name} on ${dateWords(link.at)}, working until ${dateWords(link.expires)}`;
        return (
          <chakra.div key={link.id} display="grid" gap="1.5" data-preview-link={link.id}>
            <chakra.label htmlFor={`link-${link.id}`} fontWeight="600">
              {label}
            </chakra.label>
            <Control.input id={`link-${link.id}`} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
            <chakra.div display="flex" flexWrap="wrap" gap="2">
              <Button
                variant="outline"
                aria-label={`Copy the link shared on ${dateWords(link.at)}`}
                onClick={() =>
                  void navigator.clipboard
                    .writeText(link.url ?? '')
                    .then(() => setCopied(link.id))
                    .catch(() => setCopied(''))
                }
              >
                {copied === link.id ? 'Copied' : 'Copy'}
              </Button>
              <Button
                variant="ghost"
                aria-disabled={busy || undefined}
                aria-label={`Revoke the link shared on ${dateWords(link.at)}`}
                onClick={() => onRevoke(link)}
              >
                Revoke
              </Button>
            </chakra.div>
          </chakra.div>
        );
      })}
      {available ? (
        <chakra.div>
          <Button variant="outline" aria-disabled={busy || undefined} onClick={onShare} data-share-preview="">
            Share a preview link
          </Button>
        </chakra.div>
      ) : null}
    </chakra.section>
  );
}
