import { describe, expect, it } from 'vitest';
import { enquiryPayload, forms } from '../../src/forms/forms';
import { placeFormErrors } from '../../src/forms/field-errors';
import { hiddenCharacters } from '../fixtures/hidden-characters';

/** The messages the browser's form shows, by field, for some form data. */
function messages(data: object, kind: 'enquiry' | 'apply' = 'enquiry'): Record<string, string[]> {
  const { validator, schema } = forms[kind];
  const { errorSchema } = validator.validateFormData(data, schema, undefined, (errors) => placeFormErrors(errors, schema));
  const flatten = (node: object, prefix: string): [string, string[]][] =>
    Object.entries(node).flatMap(([key, value]) =>
      key === '__errors' ? [[prefix, value as string[]]] : flatten(value as object, prefix ? `${prefix}.${key}` : key),
    );
  return Object.fromEntries(flatten(errorSchema, ''));
}

/** The messages, by kind of hidden character, for the form with that character inside its e-mail. */
const hiddenInEmail = (data: object, kind: 'enquiry' | 'apply') =>
  Object.fromEntries(
    hiddenCharacters.map(({ kind: name, character }) => [name, messages({ ...data, email: `pri${character}ya@example.com` }, kind)]),
  );
const everyKind = (answer: object) => Object.fromEntries(hiddenCharacters.map(({ kind }) => [kind, answer]));
const CONTROL = 'must not contain control characters, which can come invisibly with pasted text';

const valid = { name: 'Priya', email: 'priya@example.com', mobileRef: '+91' as const, mobile: '9876543210', message: 'A pilot, please.' };

describe('enquiry form', () => {
  it('accepts a complete enquiry', () => {
    expect(messages(valid)).toEqual({});
  });

  it("says each field's required message for an empty form", () => {
    expect(messages({})).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      mobileRef: ['Please select country code'],
      mobile: ['Phone number is required'],
      message: ['Message is required'],
    });
  });

  it('limits the name to 15 characters', () => {
    expect(messages({ ...valid, name: 'Priya Raman Subramanian' })).toEqual({ name: ['Must be 15 characters or less'] });
    expect(messages({ ...valid, name: 'A'.repeat(15) })).toEqual({});
  });

  it('rejects an email without the simple pattern', () => {
    for (const email of ['priya', 'priya@example', 'priya @example.com'])
      expect(messages({ ...valid, email }), email).toEqual({ email: ['Invalid Email'] });
  });

  it('refuses an e-mail holding a control, direction, zero-width, separator, tag, private-use or other invisible character, as an invalid e-mail', () => {
    expect(hiddenInEmail(valid, 'enquiry')).toEqual(everyKind({ email: ['Invalid Email'] }));
  });

  it('refuses a control, a line break or a direction override in the name, and a control other than tab or line break in the message', () => {
    for (const name of ['Pri\u0007ya', 'Pri\nya', 'Pri\u2028ya', 'Pri\u202eya', 'Pri\u2067ya'])
      expect(messages({ ...valid, name }), JSON.stringify(name)).toEqual({ name: [`Name ${CONTROL}`] });
    expect(messages({ ...valid, message: 'Hello\u001b[2J' })).toEqual({ message: [`Message ${CONTROL}`] });
  });

  it('accepts joiners in a name, and tabs, line breaks and emoji in the message', () => {
    const message = 'Line one\r\nLine two\n\tindented \u{1f468}\u200d\u{1f469} \u2764\ufe0f';
    expect(messages({ ...valid, name: 'علی\u200cرضا', email: 'josé@exämple.com', message })).toEqual({});
  });

  it('asks for at least 10 digits of phone number', () => {
    expect(messages({ ...valid, mobile: '987654321' })).toEqual({ mobile: ['Phone number should be minimum 10 digits'] });
    expect(messages({ ...valid, mobile: '98765x3210' })).toEqual({ mobile: ['Phone number should be minimum 10 digits'] });
  });

  it('accepts only the six dial codes', () => {
    expect(forms.enquiry.schema.properties?.mobileRef).toMatchObject({ enum: ['+91', '+65', '+60', '+971', '+1', '+44'] });
    expect(forms.enquiry.uiSchema.mobileRef?.['ui:enumNames']).toEqual([
      'India +91',
      'Singapore +65',
      'Malaysia +60',
      'UAE +971',
      'US +1',
      'UK +44',
    ]);
    expect(messages({ ...valid, mobileRef: '+7' })).toEqual({ mobileRef: ['Please select country code'] });
  });

  it('falls back to "{title} is a required field" for a required field without its own message', () => {
    const errors = placeFormErrors(
      [
        {
          name: 'required',
          property: '',
          message: "must have required property 'message'",
          params: { missingProperty: 'message' },
          stack: '',
          schemaPath: '#/required',
        },
      ],
      forms.enquiry.schema,
    );
    expect(errors[0]).toMatchObject({ property: '.message', message: 'Message is a required field' });
  });

  it('sends exactly name, mobile (dial code, space, number), email and message', () => {
    expect(enquiryPayload(valid)).toEqual({
      name: 'Priya',
      mobile: '+91 9876543210',
      email: 'priya@example.com',
      message: 'A pilot, please.',
    });
    expect(Object.keys(enquiryPayload(valid))).toEqual(['name', 'mobile', 'email', 'message']);
  });
});

describe('application form', () => {
  const application = { fullName: 'Priya Raman', phone: '9876543210', email: 'priya@example.com', coverLetter: 'I design dashboards.' };

  it('requires full name, phone, email and cover letter, and not the CV', () => {
    expect(messages({}, 'apply')).toEqual({
      fullName: ['Full name is required'],
      phone: ['Phone number is required'],
      email: ['Email is required'],
      coverLetter: ['Cover letter is required'],
    });
    expect(messages(application, 'apply')).toEqual({});
  });

  it('refuses an e-mail holding a control, direction, zero-width, separator, tag, private-use or other invisible character, as an invalid e-mail', () => {
    expect(hiddenInEmail(application, 'apply')).toEqual(everyKind({ email: ['Invalid Email'] }));
  });

  it('refuses a control or a direction override in the full name, and a control other than tab or line break in the cover letter', () => {
    expect(messages({ ...application, fullName: 'Priya\u202dRaman', coverLetter: 'Keen\u0000' }, 'apply')).toEqual({
      fullName: [`Full name ${CONTROL}`],
      coverLetter: [`Cover letter ${CONTROL}`],
    });
    expect(messages({ ...application, fullName: 'علی\u200cرضا Rahimi', coverLetter: 'Dear team,\r\n\tKeen.' }, 'apply')).toEqual({});
  });

  it('accepts a CV in the allowed formats up to 5 MB, and names the formats otherwise', () => {
    for (const name of ['cv.pdf', 'cv.DOCX', 'cv.doc', 'cv.rtf', 'cv.txt'])
      expect(messages({ ...application, cv: { name, size: 1000 } }, 'apply'), name).toEqual({});
    expect(messages({ ...application, cv: { name: 'cv.exe', size: 1000 } }, 'apply')).toEqual({
      'cv.name': ['CV must be a PDF, DOCX, DOC, RTF or TXT file'],
    });
    expect(messages({ ...application, cv: { name: 'cv.pdf', size: 5 * 1024 * 1024 + 1 } }, 'apply')).toEqual({
      'cv.size': ['CV must be 5 MB or smaller'],
    });
  });
});
