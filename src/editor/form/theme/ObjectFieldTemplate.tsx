import { chakra } from '@chakra-ui/react';
import { helpId, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { Group, Legend } from './Group';

/** An object's fields: the form's own root only lays them out; a nested object is a group with its title and help. */
export function ObjectFieldTemplate({ properties, title, description, fieldPathId }: ObjectFieldTemplateProps) {
  const fields = properties.filter((property) => !property.hidden).map((property) => property.content);
  if (fieldPathId.path.length === 0)
    return (
      <chakra.div display="grid" gap="4">
        {fields}
      </chakra.div>
    );
  return (
    <Group id={fieldPathId.$id} aria-describedby={description ? helpId(fieldPathId.$id) : undefined}>
      <Legend>{title}</Legend>
      {description ? (
        <chakra.p id={helpId(fieldPathId.$id)} textStyle="small" color="text.muted" mb="3">
          {description}
        </chakra.p>
      ) : null}
      <chakra.div display="grid" gap="4">
        {fields}
      </chakra.div>
    </Group>
  );
}
