/** The types of server-bundle.mjs, which is plain JavaScript (it runs before anything is compiled). */
export declare const CACHE: string;
export declare function hashOfSources(codeRoot: string, sources: string[]): string;
export declare function sourceHash(codeRoot?: string): string;
export declare function bundle(folder: string): Promise<void>;
