// Types of built.mjs, for the TypeScript tests that import it.
export type Part = 'api' | 'gateway' | 'payment-simulator' | 'web';
export declare const BUILT: Record<Part, string[]>;
export declare function missingBuild(parts?: Part[]): string[];
export declare function assertBuilt(parts?: Part[]): void;
