import { GatewayError } from './errors.js';

/** What compiling a match/imatch pattern costs Postgres: see assertRegexNotTooComplex. */
export interface RegexWeight {
  /** How deeply bounded repetitions ({m,n}) nest: `(a{0,9}){0,9}` is 2. */
  depth: number;
  /** Atoms once each bounded repetition is written out: `(ab){3}c` is 7. */
  size: number;
}

/**
 * Weighs a pattern (Postgres ARE syntax) as its compiler will: a bounded repetition is compiled by
 * copying what it repeats. Escapes and bracket expressions are one atom; `*`, `+`, `?` copy nothing.
 */
export function regexWeight(pattern: string): RegexWeight {
  // per open group: its size and nesting so far, and those of its last atom (what a bound repeats)
  type Group = { size: number; depth: number; lastSize: number; lastDepth: number };
  const open = (): Group => ({ size: 0, depth: 0, lastSize: 0, lastDepth: 0 });
  const groups: Group[] = [open()];
  const atom = (size: number, depth: number) => {
    const g = groups[groups.length - 1];
    Object.assign(g, { size: g.size + size, depth: Math.max(g.depth, depth), lastSize: size, lastDepth: depth });
  };
  const close = () => {
    const g = groups.pop()!;
    atom(g.size, g.depth);
  };
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    const bound = ch === '{' ? /^\{(\d+)(?:(,)(\d*))?\}/.exec(pattern.slice(i)) : null;
    if (ch === '\\') {
      i++; // the escaped character is one atom
      atom(1, 0);
    } else if (ch === '[') {
      i = bracketEnd(pattern, i);
      atom(1, 0);
    } else if (ch === '(') {
      groups.push(open());
    } else if (ch === ')' && groups.length > 1) {
      close();
    } else if (bound) {
      const g = groups[groups.length - 1];
      const times = Math.max(1, Number(bound[2] ? bound[3] || bound[1] : bound[1]));
      // the repeated atom is replaced by its copies
      Object.assign(g, { size: g.size - g.lastSize });
      atom(g.lastSize * times, g.lastDepth + 1);
      i += bound[0].length - 1;
    } else if (!'*+?|^$'.includes(ch)) {
      atom(1, 0);
    }
  }
  // a group left open still counts (Postgres refuses it, but it must not hide what it holds)
  while (groups.length > 1) close();
  return { depth: groups[0].depth, size: groups[0].size };
}

/** Where the bracket expression opened at `start` ends: ']' first (or after '^') is a member, and so is a [:class:]. */
function bracketEnd(pattern: string, start: number): number {
  let j = start + 1;
  if (pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  while (j < pattern.length && pattern[j] !== ']') {
    const inner = pattern[j] === '[' ? /^\[([:.=])/.exec(pattern.slice(j)) : null;
    j = inner ? Math.max(pattern.indexOf(`${inner[1]}]`, j + 2) + 2, j + 2) : j + 1;
  }
  return j;
}

/**
 * Measured on the embedded database (PGlite), which cannot be interrupted (no statement_timeout):
 * `(a{0,255}){0,255}x` compiled in 22 ms, and the next such pattern, `(b{0,255}){0,255}y`, kept it
 * busy for minutes, stopping the whole portal; nested bounds of 100 took 0.8 s, and sequential
 * bounds of 1,020 atoms 3 ms. A pattern for a search box needs neither nesting nor hundreds of copies.
 */
const MAX_DEPTH = 1;
const MAX_SIZE = 1000;

/** Refuses a match/imatch pattern before it reaches the database, as Postgres words the refusal. */
export function assertRegexNotTooComplex(pattern: string): void {
  const { depth, size } = regexWeight(pattern);
  if (depth > MAX_DEPTH || size > MAX_SIZE) {
    throw new GatewayError(400, '2201B', 'invalid regular expression: regular expression is too complex');
  }
}
