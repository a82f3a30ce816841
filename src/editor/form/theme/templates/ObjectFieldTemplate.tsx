import { chakra } from '@chakra-ui/react';
import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { CHOICE } from '../../../../content/titles';
import { ChoiceGroup, useChoice } from './ChoiceGroup';
import { Group, groupProps, Legend } from './Group';
import { Hint } from './Hint';

/** The fields in order; those that exclude each other give way, at the first one's place, to the choice and the chosen field. */
function laidOut(properties: ObjectFieldTemplatePropertyType[], choice: ReturnType<typeof useChoice>, errors: string[] | undefined) {
  const shown = properties.filter((property) => !property.hidden);
  if (!choice) return shown.map((property) => property.content);
  const exclusive = new Set(choice.choices.flatMap((option) => option.fields));
  const chosen = choice.choices[choice.chosen]?.fields ?? [];
  const fields: ReactElement[] = [];
  for (const property of shown) {
    if (!exclusive.has(property.name)) fields.push(property.content);
    else if (!fields.some((field) => field.key === CHOICE))
      fields.push(
        <chakra.div key={CHOICE} display="grid" gap="3">
          <ChoiceGroup choice={choice} errors={errors} />
          {shown.filter((candidate) => chosen.includes(candidate.name)).map((candidate) => candidate.content)}
        </chakra.div>,
      );
  }
  return fields;
}

/** An object's fields: the form's own root only lays them out; a nested object is a group with its title and help. */
export function ObjectFieldTemplate({ properties, title, description, fieldPathId, errorSchema }: ObjectFieldTemplateProps) {
  const id = fieldPathId.$id;
  const choice = useChoice(id);
  const fields = laidOut(properties, choice, (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[CHOICE]?.__errors);
  if (fieldPathId.path.length === 0)
    return (
      <chakra.div display="grid" gap="4">
        {fields}
      </chakra.div>
    );
  const hint = typeof description === 'string' ? description : undefined;
  return (
    <Group {...groupProps(id, Boolean(hint), (errorSchema?.__errors?.length ?? 0) > 0)}>
      <Legend>{title}</Legend>
      <Hint id={id} text={hint} mb="3" />
      <chakra.div display="grid" gap="4">
        {fields}
      </chakra.div>
    </Group>
  );
}
