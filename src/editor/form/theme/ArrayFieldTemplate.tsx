import { Button, chakra } from '@chakra-ui/react';
import { type ArrayFieldTemplateProps, helpId } from '@rjsf/utils';
import { Group, Legend } from './Group';

/** A list: a group with its title and help, its items, and a button that adds one named after the item's title. */
export function ArrayFieldTemplate({ items, title, schema, canAdd, onAddClick, fieldPathId, disabled, readonly }: ArrayFieldTemplateProps) {
  const itemTitle = String((schema.items as { title?: string } | undefined)?.title ?? 'item');
  return (
    <Group id={fieldPathId.$id} aria-describedby={schema.description ? helpId(fieldPathId.$id) : undefined}>
      <Legend>{title}</Legend>
      {schema.description ? (
        <chakra.p id={helpId(fieldPathId.$id)} textStyle="small" color="text.muted" mb="3">
          {schema.description}
        </chakra.p>
      ) : null}
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
