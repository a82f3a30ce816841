/** Details already logged: a problem asked about on every look at Changes is logged once. */
const logged = new Set<string>();

/**
 * What a person reads when publishing is not set up right on this computer (no checkout, or a
 * remote or branch git cannot use). `detail` says what to correct in git's terms (git/remote.ts,
 * git/repository.ts): it is for whoever set up the editor, so it goes to the editor's log, once.
 */
export function setupProblem(detail: string): string {
  if (!logged.has(detail)) {
    logged.add(detail);
    console.error(`Publishing is not set up: ${detail}`);
  }
  return 'Publishing is not set up right on this computer, so nothing can be published yet: tell whoever set up the editor (its log says what to correct).';
}
