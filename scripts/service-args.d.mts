// Types of service-args.mjs, for the TypeScript tests that import it.
export declare const GATEWAY_HEAP_MIB: number;
export declare const MALLOC_TUNABLES: string;
export declare const LAUNCHER_ARGS: string[];
export declare function serviceArgs(service: 'api' | 'gateway' | 'payment-simulator'): string[];
export declare function serviceEnv<T extends Record<string, string | undefined>>(env: T): T & { GLIBC_TUNABLES: string };
