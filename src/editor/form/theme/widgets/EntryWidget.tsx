import type { WidgetProps } from '@rjsf/utils';
import { SelectWidget } from '../../../../forms/theme/widgets/SelectWidget';
import { useModel } from '../model-context';

/** A reference to a collection entry: a choice among its entries, by title. */
export function EntryWidget(props: WidgetProps) {
  const { model } = useModel();
  const collections = [props.schema['x-ref'] as string | string[]].flat();
  const entries = collections.flatMap((collection) => model.entries[collection] ?? []);
  const options = [...entries.map((entry) => ({ value: entry.id, label: `${entry.title} (${entry.id})` }))];
  if (typeof props.value === 'string' && !entries.some((entry) => entry.id === props.value))
    options.unshift({ value: props.value, label: props.value });
  return (
    <SelectWidget {...props} placeholder={`Choose from ${collections.join(' or ')}`} options={{ ...props.options, enumOptions: options }} />
  );
}
