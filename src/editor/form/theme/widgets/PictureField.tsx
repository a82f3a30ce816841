import { Button, chakra } from '@chakra-ui/react';
import { errorId, type FieldProps, helpId } from '@rjsf/utils';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Control } from '../../../../ui/styled';
import { api } from '../../../app/api';
import type { Picture } from '../../../../content/api-types';
import { fileSize } from '../../../../content/file-size';
import { Errors } from '../templates/Errors';
import { Group, groupProps, Legend } from '../templates/Group';
import { useModel } from '../model-context';

/** Keys that step through a closed select's pictures (arrows, or a letter to jump), each a change: the cursor stays while they are pressed. */
const STEPS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const browsing = (key: string): boolean => STEPS.has(key) || (key.length === 1 && key !== ' ');

/**
 * An image: chosen among the pictures in public/ (or uploaded there), previewed, its size
 * filled in, its text alternative typed. A new picture in place of one that had a text
 * alternative takes that text away, asks for the new picture's, and puts the cursor there: the
 * old words described another picture.
 */
export function PictureField({ formData, onChange, fieldPathId, schema, rawErrors, errorSchema, disabled, readonly }: FieldProps) {
  const { model, addPicture } = useModel();
  const id = fieldPathId.$id;
  const value = (formData ?? {}) as { src?: string; alt?: string; width?: number; height?: number };
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  // What the server did to the picture just uploaded, in its words ("Removed the place it was taken…").
  const [uploaded, setUploaded] = useState('');
  const [replaced, setReplaced] = useState(false);
  const [askAlt, setAskAlt] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const lastKey = useRef('');
  useEffect(() => {
    if (askAlt > 0) altInput.current?.focus();
  }, [askAlt]);
  const nestedErrors = (name: string): string[] =>
    (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[name]?.__errors ?? [];
  const choose = (picture: Picture | undefined, focusAlt: boolean): void => {
    if (!picture) {
      onChange({ ...value, src: undefined }, fieldPathId.path);
      return;
    }
    const replacing = Boolean(value.src) && picture.src !== value.src && Boolean(value.alt);
    const { alt: _alt, ...rest } = value;
    onChange({ ...(replacing ? rest : value), src: picture.src, width: picture.width, height: picture.height }, fieldPathId.path);
    if (replacing) {
      setReplaced(true);
      if (focusAlt) setAskAlt((count) => count + 1);
    }
  };
  const upload = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    setUploading(true);
    setUploadError('');
    setUploaded('');
    try {
      const { said, ...picture } = await api.upload(file);
      addPicture(picture);
      setUploaded(said);
      choose(picture, true);
    } catch (error) {
      setUploadError((error as Error).message);
    } finally {
      setUploading(false);
    }
  };
  const nested = (name: string) => `${id}_${name}`;
  // The size comes with the file: a problem of it is the picture's own.
  const groupErrors = [...(rawErrors ?? []), ...nestedErrors('width'), ...nestedErrors('height')];
  return (
    <Group {...groupProps(id, false, groupErrors.length > 0)}>
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
              aria-invalid={nestedErrors('src').length > 0 || undefined}
              aria-describedby={nestedErrors('src').length > 0 ? errorId(nested('src')) : undefined}
              onKeyDown={(event: KeyboardEvent) => {
                lastKey.current = event.key;
              }}
              onMouseDown={() => {
                lastKey.current = '';
              }}
              onChange={(event: ChangeEvent<HTMLSelectElement>) =>
                choose(
                  model.pictures.find((picture) => picture.src === event.target.value),
                  !browsing(lastKey.current),
                )
              }
            >
              <option value="">Choose a picture</option>
              {value.src && !model.pictures.some((picture) => picture.src === value.src) ? (
                <option value={value.src}>{value.src}</option>
              ) : null}
              {model.pictures.map((picture) => (
                <option key={picture.src} value={picture.src}>
                  {picture.src} ({picture.width}×{picture.height}
                  {picture.bytes === undefined ? '' : `, ${fileSize(picture.bytes)}`})
                </option>
              ))}
            </Control.select>
            <Errors id={nested('src')} errors={nestedErrors('src')} />
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
            <chakra.span role="status" textStyle="small" color="text.muted">
              {uploaded}
            </chakra.span>
          </chakra.div>
          <chakra.div display="grid" gap="1.5">
            <chakra.label htmlFor={nested('alt')} fontWeight="600" textStyle="small">
              Text alternative
            </chakra.label>
            <Control.input
              ref={altInput}
              id={nested('alt')}
              type="text"
              value={value.alt ?? ''}
              disabled={disabled || readonly}
              aria-invalid={nestedErrors('alt').length > 0 || undefined}
              aria-describedby={[helpId(nested('alt')), nestedErrors('alt').length > 0 ? errorId(nested('alt')) : '']
                .filter(Boolean)
                .join(' ')}
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                onChange({ ...value, alt: event.target.value }, fieldPathId.path, undefined, nested('alt'))
              }
            />
            <chakra.p
              id={helpId(nested('alt'))}
              aria-live="polite"
              textStyle="small"
              color={replaced && !value.alt ? 'text.body' : 'text.muted'}
              fontWeight={replaced && !value.alt ? '600' : undefined}
            >
              {replaced && !value.alt
                ? 'This is a new picture: describe what it shows. The text of the old picture was taken away.'
                : 'What the picture shows, for people who cannot see it; leave empty only for a decoration.'}
            </chakra.p>
            <Errors id={nested('alt')} errors={nestedErrors('alt')} />
          </chakra.div>
          <chakra.p textStyle="small" color="text.muted">
            Size: {value.width ?? '?'} × {value.height ?? '?'} pixels (taken from the file)
          </chakra.p>
        </chakra.div>
      </chakra.div>
      <Errors id={id} errors={groupErrors} />
    </Group>
  );
}
