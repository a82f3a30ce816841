/**
 * How the enquiry's mobile number travels: the dial code, a space and the number
 * ("+91 9876543210"), as form-collection services expect it. The form joins its two fields
 * with `joinMobile`; the site server splits them again with `splitMobile` to check each part
 * with the form's own schema. Written once, for both sides.
 */
export function joinMobile(mobileRef: string, mobile: string): string {
  return `${mobileRef} ${mobile}`;
}

/** The two parts of a wire value, or undefined when it is not a dial code, one space and a number. */
export function splitMobile(wire: string): { mobileRef: string; mobile: string } | undefined {
  const [, mobileRef, mobile] = /^(\+\d{1,4}) (\S*)$/.exec(wire) ?? [];
  return mobileRef === undefined ? undefined : { mobileRef, mobile: mobile ?? '' };
}
