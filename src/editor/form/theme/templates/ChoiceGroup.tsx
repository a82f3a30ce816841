import { chakra } from '@chakra-ui/react';
import { errorId, type FieldTemplateProps } from '@rjsf/utils';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { CHOICE } from '../../../../content/titles';
import { choicesOf } from '../../locate-problem';
import { Group, Legend } from './Group';

interface Choice {
  /** The id of the group whose fields are chosen among. */
  group: string;
  choices: { fields: string[]; label: string }[];
  /** The branch shown, or -1 before one is chosen. */
  chosen: number;
  choose: (index: number) => void;
  legend: string;
}

const ChoiceContext = createContext<Choice | null>(null);

/** The choice of the group with id `group`, if it has one (a nested group sees its own, not its parent's). */
export function useChoice(group: string): Choice | null {
  const choice = useContext(ChoiceContext);
  return choice?.group === group ? choice : null;
}

/**
 * A group whose fields exclude each other (a button's link and the dialog it opens: the
 * model's `x-exactlyOne`) holds one choice among them. The branch shown is the one the value
 * has, or the one just chosen; choosing another takes the other branch's fields out of the
 * value, so the file never holds both.
 */
export function ChoiceProvider({ props, children }: { props: FieldTemplateProps; children: ReactNode }) {
  const { schema, formData, onChange, fieldPathId, registry } = props;
  const choices = choicesOf(registry.rootSchema, schema);
  const value = (formData ?? {}) as Record<string, unknown>;
  const present = choices.findIndex((choice) => choice.fields.some((field) => value[field] !== undefined));
  const [picked, setPicked] = useState(-1);
  const choose = (index: number): void => {
    setPicked(index);
    const others = choices.flatMap((choice, at) => (at === index ? [] : choice.fields));
    if (!others.some((field) => value[field] !== undefined)) return;
    const next = Object.fromEntries(Object.entries(value).filter(([field]) => !others.includes(field)));
    onChange(next, fieldPathId.path, undefined, `${fieldPathId.$id}_${CHOICE}`);
  };
  const title = String(schema.title ?? 'item').toLowerCase();
  const choice: Choice = {
    group: fieldPathId.$id,
    choices,
    chosen: present >= 0 ? present : picked,
    choose,
    legend: `What the ${title} does`,
  };
  return <ChoiceContext.Provider value={choice}>{children}</ChoiceContext.Provider>;
}

/** The choice itself: one radio button a branch, with the rule's problem under it. */
export function ChoiceGroup({ choice, errors }: { choice: Choice; errors: string[] | undefined }) {
  const id = `${choice.group}_${CHOICE}`;
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <Group id={id} role="radiogroup" aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId(id) : undefined} py="2">
      <Legend>{choice.legend}</Legend>
      <chakra.div display="flex" flexWrap="wrap" columnGap="5" rowGap="1">
        {choice.choices.map((option, index) => (
          <chakra.label key={option.label} display="flex" gap="2" alignItems="center" py="1" textStyle="small">
            <input type="radio" id={`${id}_${index}`} name={id} checked={choice.chosen === index} onChange={() => choice.choose(index)} />
            {option.label}
          </chakra.label>
        ))}
      </chakra.div>
      {invalid ? (
        <chakra.p id={errorId(id)} textStyle="small" color="red.700" fontWeight="500" data-field-error="">
          {errors?.[0]}
        </chakra.p>
      ) : null}
    </Group>
  );
}
