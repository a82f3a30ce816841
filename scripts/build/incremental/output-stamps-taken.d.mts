/** The types of output-stamps-taken.mjs, which is plain JavaScript (a thread starts it without compiling anything). */
export declare function stampOf(path: string): string | undefined;
export declare function outputStamps(outDir: string): Record<string, string>;
