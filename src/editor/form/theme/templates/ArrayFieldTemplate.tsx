import { Button, chakra } from '@chakra-ui/react';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { Group, groupProps, Legend } from './Group';
import { Hint } from './Hint';

/** A list: a group with its title and help (and its problems, under it), its items, and a button that adds one named after the item's title. */
export function ArrayFieldTemplate({
  items,
  title,
  schema,
  canAdd,
  onAddClick,
  fieldPathId,
  disabled,
  readonly,
  rawErrors,
}: ArrayFieldTemplateProps) {
  const itemTitle = String((schema.items as { title?: string } | undefined)?.title ?? 'item');
  const id = fieldPathId.$id;
  return (
    <Group {...groupProps(id, Boolean(schema.description), (rawErrors?.length ?? 0) > 0)}>
      <Legend>{title}</Legend>
      <Hint id={id} text={schema.description} mb="3" />
      <chakra.div display="grid" gap="3">
        {items}
      </chakra.div>
      {canAdd ? (
        <Button type="button" size="sm" variant="outline" mt="3" onClick={onAddClick} disabled={disabled || readonly}>
          Add {itemTitle.toLowerCase()}
        </Button>
      ) : null}
    </Group>
  );
}
