/** The line a build prints first: which kind of build it does, and why. The follower repeats it when it switches. */
export const buildMessages = {
  full: (reason: string) => `Full build: ${reason}.`,
  pages: (rendered: number, total: number, removed: number, reason: string, notFound = false) =>
    `Rebuilt ${rendered} of ${total} pages${notFound ? ' and the not-found page' : ''}${removed > 0 ? `${notFound ? ',' : ''} and removed ${removed}` : ''}: ${reason}.`,
  /** How many content files were read and checked anew; the others' checks were kept by their content (check-cache.ts). */
  checked: (again: number, total: number) =>
    `Checked ${again} of ${total} content files again${again < total ? '; the others as the last build found them' : ''}.`,
  /** How many of the pages rendered kept their body from the last build, with only the frame around it rendered anew (render/kept-body.ts). */
  keptBodies: (kept: number, rendered: number) =>
    `Kept the body of ${kept} of ${rendered} pages rendered from the last build, rendering only the menus and footer around it.`,
} as const;

/** The line of a build's output that says which kind of build it did, if it has one. */
export const kindOfBuild = (output: string): string | undefined =>
  output.split('\n').find((line) => /^(Full build: |Rebuilt \d+ of \d+ pages)/.test(line));
