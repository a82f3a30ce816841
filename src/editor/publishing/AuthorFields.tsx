import { chakra } from '@chakra-ui/react';
import type { PersonName } from '../../content/api-types';
import { Control } from '../../ui/styled';

export interface AuthorFieldsProps {
  /** The fields' ids start with it: "publish" gives publish-name and publish-email. */
  idPrefix: string;
  author: PersonName;
  onChange: (field: keyof PersonName, value: string) => void;
}

/** Who is publishing, asked when git and the sign-in name no one: a name and an e-mail address, kept in this browser. */
export function AuthorFields({ idPrefix, author, onChange }: AuthorFieldsProps) {
  return (
    <chakra.fieldset display="grid" gap="3">
      <chakra.legend fontWeight="600" mb="1">
        Who is publishing (asked once, kept in this browser)
      </chakra.legend>
      {(['name', 'email'] as const).map((field) => (
        <chakra.div key={field} display="grid" gap="1.5">
          <chakra.label htmlFor={`${idPrefix}-${field}`} textStyle="small" fontWeight="600">
            {field === 'name' ? 'Your name' : 'Your e-mail address'}
          </chakra.label>
          <Control.input
            id={`${idPrefix}-${field}`}
            type={field === 'email' ? 'email' : 'text'}
            required
            autoComplete={field}
            value={author[field]}
            onChange={(event) => onChange(field, event.target.value)}
          />
        </chakra.div>
      ))}
    </chakra.fieldset>
  );
}
