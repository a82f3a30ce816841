import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { TextareaWidget, TextWidget } from '../../../forms/theme/widgets';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { CheckboxWidget } from './CheckboxWidget';
import { ChoiceAwareSelect } from './ChoiceAwareSelect';
import { EntryWidget } from './EntryWidget';
import { FieldTemplate } from './FieldTemplate';
import { FileWidget } from './FileWidget';
import { LinkWidget } from './LinkWidget';
import { NumberWidget } from './NumberWidget';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { PictureField } from './PictureField';

function NoErrorList() {
  return null;
}

/** The editor's RJSF theme: the site's field template and controls, with groups, lists and the editor's own choosers. */
export const editorTheme: { templates: Partial<TemplatesType>; widgets: RegistryWidgetsType; fields: RegistryFieldsType } = {
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
