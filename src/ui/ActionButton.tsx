import { Button } from '@chakra-ui/react';
import { useContext } from 'react';
import type { Button as Action } from '../generated/schema-types';
import { SiteContext } from './site-context';

/**
 * Where a browser runs no script (it is turned off, or blocked), a button that opens a dialog
 * could do nothing. There it gives way to a link that writes to the team at the site's contact
 * address, with the button's words as the subject; everywhere else that link is not shown, and
 * so not in the accessibility tree. A media query, so it needs no script to decide.
 */
const WITHOUT_SCRIPT = '@media (scripting: none)';

/**
 * A call to action from a page or the site file: a link styled as a button, or a button that
 * opens a dialog. Dialog buttons carry `data-opens` and need no hydration: the client entry
 * listens for their clicks on the whole document.
 */
export function ActionButton({
  action,
  tone = 'light',
  size = 'lg',
  contact: given,
}: {
  action: Action;
  tone?: 'light' | 'dark';
  size?: 'md' | 'lg';
  /** The contact address, for an island, which renders without the site file; a block's comes from the site file. */
  contact?: string;
}) {
  const { variant } = action;
  // A block drawn on its own (a test, a schema's example) has no site file, and so no contact address to fall back to.
  const fromSite = useContext(SiteContext)?.footer.email;
  const contact = given ?? fromSite;
  const onDark =
    tone === 'dark' && variant === 'outline' ? { color: 'white', borderColor: 'whiteAlpha.700', _hover: { bg: 'whiteAlpha.200' } } : {};
  if (action.href) {
    return (
      <Button asChild variant={variant} size={size} {...onDark}>
        <a href={action.href}>{action.label}</a>
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        data-opens={action.opens}
        aria-haspopup="dialog"
        {...onDark}
        css={contact ? { [WITHOUT_SCRIPT]: { display: 'none' } } : undefined}
      >
        {action.label}
      </Button>
      {contact && (
        <Button asChild variant={variant} size={size} {...onDark} display="none" css={{ [WITHOUT_SCRIPT]: { display: 'inline-flex' } }}>
          <a href={`mailto:${contact}?subject=${encodeURIComponent(action.label)}`}>{action.label}</a>
        </Button>
      )}
    </>
  );
}
