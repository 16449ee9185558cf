// Types of schema-check.mjs, for the TypeScript tests that import it.
export declare function unannouncedBreakingChanges(publishedSdl: string, currentSdl: string): string[];
export declare function readSchemaDir(dir: string): string;
