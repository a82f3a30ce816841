import { Button, chakra } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { EditorModel, PublishChoices, PublishConflict } from '../../content/api-types';
import type { Side } from '../../content/merge';
import { titlesOf } from '../../content/titles';
import { placeOf } from '../../content/place-of';
import { shownValue } from '../../content/shown-value';
import { dateWords } from '../app/date-words';
import { ConflictChoice } from './conflicts/ConflictChoice';
import { formKeyOf } from './conflicts/form-key-of';

/**
 * Said when someone published changes to the same fields meanwhile: each such field with both
 * values, "Yours" and "On the server", and a choice of which to keep (the person's own stays
 * chosen until they pick the other); a file both changed as a whole is one choice. Publishing
 * again sends the choices.
 */
export function PublishConflicts({
  conflicts,
  model,
  busy,
  choices,
  onPick,
  onChoose,
  mine = 'Yours: ',
  action = 'Publish with these choices',
}: {
  conflicts: PublishConflict[];
  model: EditorModel;
  busy: boolean;
  /** The side picked for each conflict so far, by "<file key>:<index>" (changes-state.ts keeps them). */
  choices: Readonly<Record<string, Side>>;
  onPick: (name: string, side: Side) => void;
  onChoose: (choices: PublishChoices, event: FormEvent) => void;
  /** What the side being published is called ("Yours: "; an approval's is the review's), and what sending the choices does. */
  mine?: string;
  action?: string;
}) {
  const types = new Map(model.blocks.map((block) => [block.type, block]));
  const choice = (name: string): Side => choices[name] ?? 'mine';
  const submit = (event: FormEvent): void => {
    const chosen: PublishChoices = {};
    for (const file of conflicts)
      chosen[file.key] = (file.conflicts.length === 0 ? [0] : file.conflicts.map((_, index) => index)).map((index) =>
        choice(`${file.key}:${index}`),
      );
    onChoose(chosen, event);
  };
  return (
    <chakra.form onSubmit={submit} mb="8" data-publish-conflicts="">
      {conflicts.map((file) => {
        const titles = titlesOf(types.values(), model.forms[formKeyOf(file.path)]);
        const places =
          file.conflicts.length === 0
            ? [{ place: `“${file.title}” as a whole`, mine: 'your version', theirs: 'their version' }]
            : file.conflicts.map((conflict) => ({
                place: placeOf(conflict, titles),
                mine: shownValue(conflict.mine),
                theirs: shownValue(conflict.theirs),
              }));
        return (
          <chakra.section key={file.key} mb="4" aria-label={`${file.title}: ${file.subject}`}>
            <chakra.h2 textStyle="h3" mb="1">
              {file.title}
            </chakra.h2>
            {file.by ? (
              <chakra.p textStyle="small" color="text.muted" mb="2" data-conflict-by="">
                {file.by.name} published a change to it on {dateWords(file.by.date)}, after the version yours started from.
              </chakra.p>
            ) : null}
            {places.map((place, index) => {
              const name = `${file.key}:${index}`;
              return (
                <ConflictChoice
                  key={name}
                  name={name}
                  legend={place.place}
                  sides={{ mine: { label: mine, value: place.mine }, theirs: { label: 'On the server: ', value: place.theirs } }}
                  chosen={choice(name)}
                  onPick={(side) => onPick(name, side)}
                />
              );
            })}
          </chakra.section>
        );
      })}
      <Button type="submit" aria-disabled={busy || undefined}>
        {action}
      </Button>
    </chakra.form>
  );
}
