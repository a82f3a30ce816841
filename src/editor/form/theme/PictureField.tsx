import { Button, chakra } from '@chakra-ui/react';
import { type FieldProps, helpId } from '@rjsf/utils';
import { type ChangeEvent, useRef, useState } from 'react';
import { Control } from '../../../ui/styled';
import { api } from '../../api';
import type { Picture } from '../../api-types';
import { Errors } from './Errors';
import { Group, Legend } from './Group';
import { useModel } from './model-context';

/** An image: chosen among the pictures in public/ (or uploaded there), previewed, its size filled in, its text alternative typed. */
export function PictureField({ formData, onChange, fieldPathId, schema, rawErrors, disabled, readonly }: FieldProps) {
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
