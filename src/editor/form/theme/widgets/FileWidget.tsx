import type { WidgetProps } from '@rjsf/utils';
import { useModel } from '../model-context';
import { SuggestingInput } from './SuggestingInput';

/** A file of the site: typed, with the pictures in public/ offered as it is. */
export function FileWidget(props: WidgetProps) {
  const { model } = useModel();
  return <SuggestingInput {...props} choices={model.pictures.map((picture) => picture.src)} />;
}
