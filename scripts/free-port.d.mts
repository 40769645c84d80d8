/** A TCP port free at the time of asking. */
export declare function freePort(): Promise<number>;
