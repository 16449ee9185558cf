// Types of service-args.mjs, for the TypeScript tests that import it.
export declare const GATEWAY_HEAP_MIB: number;
export declare function serviceArgs(service: 'api' | 'gateway' | 'payment-simulator'): string[];
