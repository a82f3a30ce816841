import { chakra, defineRecipe } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A small action of a row or a list item in the editor: a quiet text button, red when it
 * removes something. A plain element with this recipe, not Chakra's Button: the editor draws
 * dozens at once, and each Button resolves its own styles. Kept here, not in src/theme, so that
 * no visitor's page carries it.
 */
const smallActionRecipe = defineRecipe({
  className: 'small-action',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: '6',
    minW: '6',
    px: '1.5',
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: '1.2',
    whiteSpace: 'nowrap',
    borderRadius: 'l2',
    bg: 'transparent',
    color: 'gray.fg',
    cursor: 'button',
    focusVisibleRing: 'outside',
    transitionProperty: 'common',
    transitionDuration: 'moderate',
    _hover: { bg: 'gray.subtle' },
    _disabled: { layerStyle: 'disabled', _hover: { bg: 'transparent' } },
  },
  variants: {
    tone: {
      plain: {},
      danger: { color: 'red.fg', _hover: { bg: 'red.subtle' } },
    },
  },
  defaultVariants: { tone: 'plain' },
});

const ActionButton = chakra('button', smallActionRecipe);

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
  tabIndex,
  onFocus,
}: {
  label: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  /** In a toolbar, only the action last reached is a Tab stop (-1 for the others). */
  tabIndex?: number;
  onFocus?: () => void;
}) {
  return (
    <ActionButton
      type="button"
      tone={danger ? 'danger' : 'plain'}
      aria-label={label}
      // Unavailable, it keeps the focus (a block moved to the top keeps focus on its Up button).
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      tabIndex={tabIndex}
      onFocus={onFocus}
    >
      {children}
    </ActionButton>
  );
}
