import { Button, chakra } from '@chakra-ui/react';
import type { FormEvent, Ref } from 'react';
import type { Side } from '../../../content/merge';
import { placeOf } from '../../../content/place-of';
import { shownValue } from '../../../content/shown-value';
import { titlesOf } from '../../../content/titles';
import type { UndoConflict } from '../../../content/undo-types';
import { dateWords } from '../../app/date-words';
import type { UndoAsked } from './history-state';
import { ConflictChoice } from '../conflicts/ConflictChoice';
import { formKeyOf } from '../conflicts/form-key-of';

/** Who changed a field since, and when: "changed since by Ben O’Neil on 12 Nov 2026, 09:30 (“Spring headline, shorter”)". */
const laterWords = (conflict: UndoConflict): string =>
  conflict.by
    ? `changed since by ${conflict.by.author.name} on ${dateWords(conflict.by.date)} (“${conflict.by.subject}”)`
    : 'changed since, saved here and not yet published';

/**
 * Said when an undo meets a field a later change touched too: each such field, with what the
 * later change made it and what it was before the change undone, and a choice of which to keep,
 * as Publish's conflicts are chosen (the later change stays chosen until the person picks the
 * other). The rest of the change is taken back either way.
 */
export function UndoConflicts({
  undo,
  path,
  busy,
  headingRef,
  onPick,
  onSubmit,
  onCancel,
}: {
  undo: UndoAsked;
  path: string;
  busy: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onPick: (index: number, side: Side) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { version, answer, choices, model } = undo;
  const titles = titlesOf(model.blocks, model.forms[formKeyOf(path)]);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <chakra.form onSubmit={submit} mb="6" p="4" borderWidth="1px" borderColor="border.subtle" borderRadius="md" data-undo-conflicts="">
      <chakra.h2 ref={headingRef} tabIndex={-1} textStyle="h3" mb="2" outline="none">
        Undo “{version.subject}” by {version.author.name}
      </chakra.h2>
      <chakra.p mb="3">
        {answer.conflicts.length === 1 ? 'One field it changed was' : `${answer.conflicts.length} fields it changed were`} changed again
        later. Choose what the page keeps there; everything else this change did is taken back.
      </chakra.p>
      {answer.conflicts.map((conflict, index) => {
        const name = `undo-${index}`;
        return (
          <ConflictChoice
            key={name}
            name={name}
            legend={`${placeOf(conflict, titles)}, ${laterWords(conflict)}`}
            sides={{
              mine: { label: 'Keep the later change: ', value: shownValue(conflict.now) },
              theirs: { label: 'Take it back: ', value: shownValue(conflict.before) },
            }}
            chosen={choices[index] ?? 'mine'}
            onPick={(side) => onPick(index, side)}
          />
        );
      })}
      <chakra.div display="flex" flexWrap="wrap" gap="2">
        <Button type="submit" aria-disabled={busy || undefined}>
          Undo with these choices
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </chakra.div>
    </chakra.form>
  );
}
