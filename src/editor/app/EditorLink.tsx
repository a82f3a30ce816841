import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { TextLink } from '../../ui/styled';

/** A link inside the editor: a real link (it opens in a new tab too), followed without reloading the editor. */
export function EditorLink({ href, children, ...rest }: { href: string; children: ReactNode; 'data-file'?: string }) {
  const [, navigate] = useLocation();
  const follow = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <TextLink href={href} onClick={follow} {...rest}>
      {children}
    </TextLink>
  );
}
