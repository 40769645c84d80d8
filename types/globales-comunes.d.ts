/**
 * The globals domain/ uses that browsers and Node both have, though the language alone (lib ES2023)
 * does not: declared here, with only what domain/ calls, for tsconfig.domain.json, which checks
 * domain/ and resources/ without the DOM's or Node's types. Code there that reached for anything
 * else of one runtime (window, document, Buffer, process…) does not compile.
 */
declare const console: {
  warn(...args: unknown[]): void;
};

declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
}

declare const crypto: {
  getRandomValues<T extends Uint8Array>(array: T): T;
};
