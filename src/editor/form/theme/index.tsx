import { Button, chakra } from '@chakra-ui/react';
import {
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  errorId,
  type FieldProps,
  type FieldTemplateProps,
  helpId,
  type ObjectFieldTemplateProps,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils';
import { type ChangeEvent, createContext, useContext, useId, useRef, useState } from 'react';
import { FieldTemplate as SiteFieldTemplate } from '../../../forms/theme/FieldTemplate';
import { SelectWidget, TextareaWidget, TextWidget } from '../../../forms/theme/widgets';
import { Control } from '../../../ui/styled';
import { api } from '../../api';
import { SmallAction } from '../../SmallAction';
import type { EditorModel, Picture } from '../../api-types';

/** What the editor's own widgets need besides the schema: the site's addresses, files and entries. */
export const ModelContext = createContext<{ model: EditorModel; addPicture: (picture: Picture) => void } | null>(null);

function useModel() {
  const context = useContext(ModelContext);
  if (!context) throw new Error('The editor form needs ModelContext.');
  return context;
}

const Legend = chakra('legend', { base: { fontWeight: '650', textStyle: 'small', mb: '2', px: '1' } });
const Group = chakra('fieldset', { base: { borderWidth: '1px', borderColor: 'line.default', borderRadius: 'lg', p: '3', minW: '0' } });

function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <chakra.ul id={errorId(id)} textStyle="small" color="red.700" fontWeight="500" data-field-error="">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </chakra.ul>
  );
}

/** A field: the site's own template for a value; a group (object, list, picture) labels itself with a legend. */
function FieldTemplate(props: FieldTemplateProps) {
  const { schema, children, rawErrors, id, hidden, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const group = schema.type === 'object' || schema.type === 'array' || uiSchema?.['ui:field'] === 'picture';
  if (!group) return <SiteFieldTemplate {...props} />;
  return (
    <chakra.div display="grid" gap="1.5">
      {children}
      <Errors id={id} errors={rawErrors} />
    </chakra.div>
  );
}

function ObjectFieldTemplate({ properties, title, description, fieldPathId }: ObjectFieldTemplateProps) {
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

function ArrayFieldTemplate({ items, title, schema, canAdd, onAddClick, fieldPathId, disabled, readonly }: ArrayFieldTemplateProps) {
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

function ArrayFieldItemTemplate({ children, buttonsProps, index, totalItems }: ArrayFieldItemTemplateProps) {
  const { hasMoveUp, hasMoveDown, hasRemove, hasCopy, onMoveUpItem, onMoveDownItem, onRemoveItem, onCopyItem, disabled, readonly } =
    buttonsProps;
  const position = `${index + 1} of ${totalItems}`;
  const off = disabled || readonly;
  return (
    <chakra.div borderWidth="1px" borderColor="line.subtle" borderRadius="md" p="3" bg="surface.sunken">
      {children}
      <chakra.div display="flex" flexWrap="wrap" gap="0.5" mt="2" justifyContent="flex-end">
        {hasMoveUp || hasMoveDown ? (
          <>
            <SmallAction disabled={off || !hasMoveUp} onClick={onMoveUpItem} label={`Move item ${position} up`}>
              ↑
            </SmallAction>
            <SmallAction disabled={off || !hasMoveDown} onClick={onMoveDownItem} label={`Move item ${position} down`}>
              ↓
            </SmallAction>
          </>
        ) : null}
        {hasCopy ? (
          <SmallAction disabled={off} onClick={onCopyItem} label={`Copy item ${position}`}>
            Copy
          </SmallAction>
        ) : null}
        {hasRemove ? (
          <SmallAction disabled={off} onClick={onRemoveItem} label={`Remove item ${position}`} danger>
            Remove
          </SmallAction>
        ) : null}
      </chakra.div>
    </chakra.div>
  );
}

function CheckboxWidget({ id, value, onChange, label, disabled, readonly }: WidgetProps) {
  return (
    <chakra.label htmlFor={id} display="flex" gap="2" alignItems="center" textStyle="small">
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.checked || undefined)}
      />
      {label}
    </chakra.label>
  );
}

function NumberWidget(props: WidgetProps) {
  const { id, value, onChange, schema, placeholder, required, rawErrors } = props;
  return (
    <Control.input
      id={id}
      type="number"
      value={value ?? ''}
      min={schema.minimum as number | undefined}
      max={schema.maximum as number | undefined}
      step={schema.type === 'integer' ? 1 : 'any'}
      placeholder={placeholder}
      aria-required={required || undefined}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      aria-describedby={
        [(rawErrors?.length ?? 0) > 0 ? errorId(id) : '', props.options.help || props.schema.description ? helpId(id) : '']
          .filter(Boolean)
          .join(' ') || undefined
      }
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
    />
  );
}

/** A text input that offers choices as it is typed (a native combobox): the site's addresses, or its files. */
function SuggestingInput(props: WidgetProps & { choices: string[] }) {
  const list = useId();
  const { id, value, onChange, placeholder, required, rawErrors, choices } = props;
  return (
    <>
      <Control.input
        id={id}
        type="text"
        list={list}
        value={value ?? ''}
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        aria-describedby={
          [(rawErrors?.length ?? 0) > 0 ? errorId(id) : '', props.schema.description ? helpId(id) : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
      <datalist id={list}>
        {choices.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
    </>
  );
}

function LinkWidget(props: WidgetProps) {
  const { model } = useModel();
  return <SuggestingInput {...props} choices={model.routes} />;
}

function FileWidget(props: WidgetProps) {
  const { model } = useModel();
  return <SuggestingInput {...props} choices={model.pictures.map((picture) => picture.src)} />;
}

/** A reference to a collection entry: a choice among its entries, by title. */
function EntryWidget(props: WidgetProps) {
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

/** An image: chosen among the pictures in public/ (or uploaded there), previewed, its size filled in, its text alternative typed. */
function PictureField({ formData, onChange, fieldPathId, schema, rawErrors, disabled, readonly }: FieldProps) {
  const { model, addPicture } = useModel();
  const id = fieldPathId.$id;
  const value = (formData ?? {}) as { src?: string; alt?: string; width?: number; height?: number };
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const choose = (picture: Picture | undefined): void =>
    onChange(
      picture ? { ...value, src: picture.src, width: picture.width, height: picture.height } : { ...value, src: undefined },
      fieldPathId.path,
    );
  const upload = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    setUploading(true);
    setUploadError('');
    try {
      const picture = await api.upload(file);
      addPicture(picture);
      choose(picture);
    } catch (error) {
      setUploadError((error as Error).message);
    } finally {
      setUploading(false);
    }
  };
  const nested = (name: string) => `${id}_${name}`;
  return (
    <Group id={id}>
      <Legend>{String(schema.title ?? 'Picture')}</Legend>
      <chakra.div display="grid" gap="3" gridTemplateColumns={{ base: '1fr', md: '8rem 1fr' }} alignItems="start">
        <chakra.div h="6rem" borderRadius="md" bg="surface.sunken" display="grid" placeItems="center" overflow="hidden">
          {value.src ? (
            <chakra.img src={value.src} alt="" maxH="6rem" objectFit="contain" />
          ) : (
            <chakra.span textStyle="small">No picture</chakra.span>
          )}
        </chakra.div>
        <chakra.div display="grid" gap="3">
          <chakra.div display="grid" gap="1.5">
            <chakra.label htmlFor={nested('src')} fontWeight="600" textStyle="small">
              Picture file
            </chakra.label>
            <Control.select
              id={nested('src')}
              value={value.src ?? ''}
              disabled={disabled || readonly}
              onChange={(event: ChangeEvent<HTMLSelectElement>) =>
                choose(model.pictures.find((picture) => picture.src === event.target.value))
              }
            >
              <option value="">Choose a picture</option>
              {value.src && !model.pictures.some((picture) => picture.src === value.src) ? (
                <option value={value.src}>{value.src}</option>
              ) : null}
              {model.pictures.map((picture) => (
                <option key={picture.src} value={picture.src}>
                  {picture.src} ({picture.width}×{picture.height})
                </option>
              ))}
            </Control.select>
          </chakra.div>
          <chakra.div display="flex" gap="2" alignItems="center" flexWrap="wrap">
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              hidden
              onChange={(event) => void upload(event.target.files?.[0])}
            />
            <Button
              type="button"
              size="xs"
              variant="outline"
              loading={uploading}
              onClick={() => input.current?.click()}
              disabled={disabled || readonly}
            >
              Upload a picture
            </Button>
            {uploadError ? (
              <chakra.span role="alert" textStyle="small" color="red.700">
                {uploadError}
              </chakra.span>
            ) : null}
          </chakra.div>
          <chakra.div display="grid" gap="1.5">
            <chakra.label htmlFor={nested('alt')} fontWeight="600" textStyle="small">
              Text alternative
            </chakra.label>
            <Control.input
              id={nested('alt')}
              type="text"
              value={value.alt ?? ''}
              disabled={disabled || readonly}
              aria-describedby={helpId(nested('alt'))}
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                onChange({ ...value, alt: event.target.value }, fieldPathId.path, undefined, nested('alt'))
              }
            />
            <chakra.p id={helpId(nested('alt'))} textStyle="small" color="text.muted">
              What the picture shows, for people who cannot see it; leave empty only for a decoration.
            </chakra.p>
          </chakra.div>
          <chakra.p textStyle="small" color="text.muted">
            Size: {value.width ?? '?'} × {value.height ?? '?'} pixels (taken from the file)
          </chakra.p>
        </chakra.div>
      </chakra.div>
      <Errors id={id} errors={rawErrors} />
    </Group>
  );
}

/**
 * A select; the one RJSF puts above a field that is one of several shapes (a link or a button,
 * say) has no field template around it, so it gets its own visible label here.
 */
function ChoiceAwareSelect(props: WidgetProps) {
  if (!/__(one|any)of_select$/.test(props.id)) return <SelectWidget {...props} />;
  return (
    <chakra.div mb="3">
      <chakra.label htmlFor={props.id} display="block" textStyle="small" fontWeight="650" mb="1">
        {`${props.label || 'Item'}: which kind`}
      </chakra.label>
      <SelectWidget {...props} />
    </chakra.div>
  );
}

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
