import { chakra } from '@chakra-ui/react';
import type { Side } from '../../../content/merge';

/** One side of a conflict as the person reads it: what it is ("Yours: ", "Take it back: ") and its value in words. */
export interface ConflictSide {
  label: string;
  value: string;
}

/**
 * One field that two changes touched, and the choice of which value to keep: Publish's conflicts
 * (yours or the one on the server) and an undo's (keep the later change or take it back) draw
 * each field with this, so they look and read alike. `name` groups the two radio buttons.
 */
export function ConflictChoice({
  name,
  legend,
  sides,
  chosen,
  onPick,
}: {
  name: string;
  legend: string;
  sides: Record<Side, ConflictSide>;
  chosen: Side;
  onPick: (side: Side) => void;
}) {
  return (
    <chakra.fieldset borderWidth="1px" borderColor="border.subtle" borderRadius="md" p="3" mb="3">
      <chakra.legend fontWeight="semibold" px="1">
        {legend}
      </chakra.legend>
      {(['mine', 'theirs'] as const).map((side) => (
        <chakra.label key={side} display="flex" gap="2" alignItems="baseline" py="1">
          <input type="radio" name={name} value={side} checked={chosen === side} onChange={() => onPick(side)} />
          <chakra.span>
            <chakra.strong>{sides[side].label}</chakra.strong>
            <chakra.span wordBreak="break-word">{sides[side].value}</chakra.span>
          </chakra.span>
        </chakra.label>
      ))}
    </chakra.fieldset>
  );
}
