/**
 * Whether a person can be a commit's author as given: git writes "Name <e-mail>" on one line of
 * the commit, so a name or address holding a line break, an angle bracket or a character that
 * acts or hides (a NUL, a direction override) would make that line say something else, or make
 * git refuse it. Each is refused in words naming what to remove.
 */
import { hiddenWords } from './hidden-words';
import type { Author } from './git/repository';

/** What is wrong with a person as an author, in words; undefined when nothing is. */
export function authorProblem(author: Partial<Author> | undefined): string | undefined {
  const { name, email } = author ?? {};
  if (typeof name !== 'string' || name.trim() === '') return 'A name is needed to publish.';
  const inName = hiddenWords('The name', name.trim());
  if (inName) return inName;
  if (/[<>]/.test(name)) return 'The name holds < or >, which are kept for the e-mail address: remove them.';
  if (typeof email !== 'string' || email.trim() === '') return 'An e-mail address like ana@example.com is needed to publish.';
  const inEmail = hiddenWords('The e-mail address', email.trim());
  if (inEmail) return inEmail;
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(email.trim())) return 'An e-mail address like ana@example.com is needed to publish.';
  return undefined;
}
