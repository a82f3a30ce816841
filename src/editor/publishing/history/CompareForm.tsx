import { Button, chakra } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { Version } from '../../../content/api-types';
import { Control } from '../../../ui/styled';
import { dateWords } from '../../app/date-words';
import { NOW } from './history-state';

/** A version as a compare option names it. */
const optionWords = (version: Version): string => `${dateWords(version.date)} – ${version.subject} (${version.author.name})`;

/** One side of the compare form: every version, and for the newer side the file as saved now. */
function VersionSelect({
  id,
  label,
  versions,
  value,
  onChange,
  withNow = false,
}: {
  id: string;
  label: string;
  versions: Version[];
  value: string;
  onChange: (commit: string) => void;
  withNow?: boolean;
}) {
  return (
    <chakra.div display="grid" gap="1" flex="1 1 14rem" minW="0">
      <chakra.label htmlFor={id} textStyle="small" fontWeight="600">
        {label}
      </chakra.label>
      <Control.select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {withNow ? <option value={NOW}>The file as saved now</option> : null}
        {versions.map((version) => (
          <option key={version.commit} value={version.commit}>
            {optionWords(version)}
          </option>
        ))}
      </Control.select>
    </chakra.div>
  );
}

/** The form that compares any two versions, or one with the file as saved now (`withNow`: the file is on disk). */
export function CompareForm({
  versions,
  from,
  to,
  withNow,
  onFrom,
  onTo,
  onSubmit,
}: {
  versions: Version[];
  from: string;
  to: string;
  withNow: boolean;
  onFrom: (commit: string) => void;
  onTo: (commit: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <chakra.form
      onSubmit={onSubmit}
      display="flex"
      flexWrap="wrap"
      gap="3"
      alignItems="end"
      aria-label="Compare two versions"
      data-compare-form=""
    >
      <VersionSelect id="compare-from" label="Compare" versions={versions} value={from} onChange={onFrom} />
      <VersionSelect id="compare-to" label="with" versions={versions} value={to} onChange={onTo} withNow={withNow} />
      <Button type="submit" size="sm" variant="outline">
        Compare
      </Button>
    </chakra.form>
  );
}
