/** A throw-away PostgreSQL server (Debian's postgresql package), or null when none is installed. */
export declare function startTempPostgres(): Promise<{ url: string; stop(): void } | null>;
