/**
 * What the editor's server answers to a request its own screens never send (a list missing, a
 * choice misspelt, an address it does not offer): only an editor page older than its server, or
 * a program, sends one. A person may still read it on a screen, so it says what to do in the
 * screen's words; `what` says what was wrong, in the same words.
 */
export function misreadRequest(what: string): string {
  return `The editor's page sent a request its server cannot read (${what}): reload the page and try again.`;
}
