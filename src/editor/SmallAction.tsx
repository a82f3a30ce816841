import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A small action of a row or a list item (move, copy, add, delete): its visible text is
 * short, its accessible name says which item it acts on.
 */
export function SmallAction({
  label,
  danger = false,
  disabled,
  onClick,
  children,
}: {
  label: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      size="2xs"
      variant="ghost"
      colorPalette={danger ? 'red' : undefined}
      aria-label={label}
      fontSize="xs"
      px="1.5"
      h="6"
      minW="6"
      // Unavailable, it keeps the focus (a block moved to the top keeps focus on its Up button).
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
    >
      {children}
    </Button>
  );
}
