import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { TextareaWidget } from '../../../forms/theme/widgets/TextareaWidget';
import { TextWidget } from '../../../forms/theme/widgets/TextWidget';
import { ArrayFieldItemTemplate } from './templates/ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './templates/ArrayFieldTemplate';
import { CheckboxWidget } from './widgets/CheckboxWidget';
import { ChoiceAwareSelect } from './widgets/ChoiceAwareSelect';
import { EntryWidget } from './widgets/EntryWidget';
import { FieldTemplate } from './templates/FieldTemplate';
import { FileWidget } from './widgets/FileWidget';
import { LinkWidget } from './widgets/LinkWidget';
import { NumberWidget } from './widgets/NumberWidget';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { PictureField } from './widgets/PictureField';

function NoErrorList() {
  return null;
}

/** The editor's RJSF theme: the site's field template and controls, with groups, lists and the editor's own choosers. */
export const theme: { templates: Partial<TemplatesType>; widgets: RegistryWidgetsType; fields: RegistryFieldsType } = {
  templates: { FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate, ErrorListTemplate: NoErrorList },
  widgets: {
    TextWidget,
    text: TextWidget,
    TextareaWidget,
    textarea: TextareaWidget,
    SelectWidget: ChoiceAwareSelect,
    select: ChoiceAwareSelect,
    CheckboxWidget,
    checkbox: CheckboxWidget,
    UpDownWidget: NumberWidget,
    updown: NumberWidget,
    link: LinkWidget,
    file: FileWidget,
    entry: EntryWidget,
  },
  fields: { picture: PictureField },
};
