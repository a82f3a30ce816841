import { Button } from '@chakra-ui/react';
import type { Button as Action } from '../generated/schema-types';

/**
 * A call to action from a page or the site file: a link styled as a button, or a button that
 * opens a dialog. Dialog buttons carry `data-opens` and need no hydration: the client entry
 * listens for their clicks on the whole document.
 */
export function ActionButton({ action, tone = 'light', size = 'lg' }: { action: Action; tone?: 'light' | 'dark'; size?: 'md' | 'lg' }) {
  const { variant } = action;
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
    <Button type="button" variant={variant} size={size} data-opens={action.opens} aria-haspopup="dialog" {...onDark}>
      {action.label}
    </Button>
  );
}
