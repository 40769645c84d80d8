export declare const SERVER_NODE_FLAGS: string[];
/** Bundles the server into server/.build/main.mjs (about half a second). */
export declare function buildServer(): void;
/** The arguments for `node` that run the server bundle. */
export declare function serverArgs(): string[];
/** The server's environment: env plus MALLOC_ARENA_MAX=2 unless env sets it. */
export declare function serverEnv<T extends Record<string, string | undefined>>(env: T): T & { MALLOC_ARENA_MAX: string };
