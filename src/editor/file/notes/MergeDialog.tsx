import { Button, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { ModalDialog } from '../../../dialogs/ModalDialog';
import type { Side } from '../../../content/merge';
import { placeOf } from '../../../content/place-of';
import { shownValue } from '../../../content/shown-value';
import type { Titles } from '../../../content/titles';
import type { Merging } from '../session';

export interface MergeDialogProps {
  /** Both sides changed the same fields; null: the dialog is closed. */
  merging: Merging | null;
  titles: Titles;
  onChoose: (choices: Side[]) => void;
  onClose: () => void;
}

/**
 * Said when the file changed on disk in a field the person changed too: each such field with
 * both values, labelled in words, and a choice of which to keep (the person's own value stays
 * chosen until they pick the other). Everything else is merged already.
 */
export function MergeDialog({ merging, titles, onChoose, onClose }: MergeDialogProps) {
  const conflicts = merging?.result.conflicts ?? [];
  const [choices, setChoices] = useState<Record<number, Side>>({});
  const choice = (index: number): Side => choices[index] ?? 'mine';
  return (
    <ModalDialog
      open={merging !== null}
      onClose={onClose}
      title={merging?.source ? 'A colleague changed the same fields' : 'Someone else changed the same fields'}
      closeLabel="Keep editing"
      description={
        merging?.source
          ? `${merging.source} They changed ${conflicts.length === 1 ? 'a field you changed too' : 'fields you changed too'}: choose which to keep, then save. Their other changes are merged with yours already.`
          : `While you were editing, the page was changed elsewhere (by a colleague’s publish, another tab, or a hand edit). Their other changes are merged with yours; ${conflicts.length === 1 ? 'this field was' : 'these fields were'} changed on both sides. Choose which to keep, then save.`
      }
    >
      {conflicts.map((conflict, index) => {
        const place = placeOf(conflict, titles);
        return (
          <chakra.fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: the conflicts of one merge, in order.
            key={index}
            data-merge-conflict=""
            borderWidth="1px"
            borderColor="border.subtle"
            borderRadius="md"
            p="3"
            mb="3"
          >
            <chakra.legend fontWeight="semibold" px="1">
              {place}
            </chakra.legend>
            {(['mine', 'theirs'] as const).map((side) => (
              <chakra.label key={side} display="flex" gap="2" alignItems="baseline" py="1">
                <input
                  type="radio"
                  name={`conflict-${index}`}
                  value={side}
                  checked={choice(index) === side}
                  onChange={() => setChoices((current) => ({ ...current, [index]: side }))}
                />
                <chakra.span>
                  <chakra.strong>{side === 'mine' ? 'Yours: ' : 'Theirs: '}</chakra.strong>
                  <chakra.span wordBreak="break-word">{shownValue(conflict[side])}</chakra.span>
                </chakra.span>
              </chakra.label>
            ))}
          </chakra.fieldset>
        );
      })}
      <chakra.div display="flex" gap="3" mt="4" flexWrap="wrap">
        <Button
          onClick={() => {
            onChoose(conflicts.map((_, index) => choice(index)));
            setChoices({});
          }}
        >
          Save with these choices
        </Button>
        <Button variant="outline" onClick={onClose}>
          Keep editing
        </Button>
      </chakra.div>
    </ModalDialog>
  );
}
