import type { WidgetProps } from '@rjsf/utils';
import { useModel } from '../model-context';
import { SuggestingInput } from './SuggestingInput';

/** A link: typed, with the site's own addresses offered as it is. */
export function LinkWidget(props: WidgetProps) {
  const { model } = useModel();
  return <SuggestingInput {...props} choices={model.routes} />;
}
