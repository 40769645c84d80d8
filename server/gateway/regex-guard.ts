import { GatewayError } from './errors.js';

/** What compiling a match/imatch pattern costs Postgres: see assertRegexNotTooComplex. */
export interface RegexWeight {
  /** How deeply bounded repetitions ({m,n}) nest: `(a{0,9}){0,9}` is 2. */
  depth: number;
  /** Atoms once each bounded repetition is written out: `(ab){3}c` is 7. */
  size: number;
}

/**
 * Weighs a pattern (Postgres ARE syntax, already in its plain form: see normalizePattern) as its
 * compiler will: a bounded repetition is compiled by copying what it repeats. Escapes and bracket
 * expressions are one atom; `*`, `+`, `?` copy nothing. A bound is recognised with blanks inside
 * (`{0, 130}`): it weighs what Postgres might take it for, never less.
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
    const bound = ch === '{' ? /^\{\s*(\d+)\s*(?:(,)\s*(\d*)\s*)?\}/.exec(pattern.slice(i)) : null;
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

const tooComplex = () => new GatewayError(400, '2201B', 'invalid regular expression: regular expression is too complex');

const refused = (why: string) =>
  new GatewayError(400, '2201B', `invalid regular expression: ${why}`, null,
    'Patterns are plain advanced regular expressions, without backreferences, embedded options that change the syntax, or directors.');

/**
 * A pattern as Postgres will read it, in the plain syntax regexWeight weighs, or null when it is
 * a literal string (nothing to weigh). Postgres reads, before the pattern itself: a director
 * (`***=` literal, `***:` ARE) and embedded options `(?…)`, among them `x` (expanded: blanks and
 * `#` comments are dropped, so `{0, 130}` is a bound), `q` (literal), `b`/`e` (basic/extended
 * syntax, where `\{` is a bound). Syntax switches are refused; expanded mode is written out plain.
 */
export function normalizePattern(pattern: string): string | null {
  let rest = pattern;
  if (rest.startsWith('***=')) return null;
  if (rest.startsWith('***:')) rest = rest.slice(4);
  else if (rest.startsWith('***')) throw refused('invalid director');
  let expanded = false;
  // Postgres reads one group of options; any further group is weighed as options too, never less
  for (let options; (options = /^\(\?([a-zA-Z]*)\)/.exec(rest)); ) {
    rest = rest.slice(options[0].length);
    for (const flag of options[1]) {
      if (flag === 'b' || flag === 'e') throw refused('embedded options that change the syntax are not accepted');
      if (flag === 'q') return null;
      if (flag === 'x') expanded = true;
      if (flag === 't') expanded = false;
    }
  }
  // a backreference makes Postgres match by backtracking, which can take exponential time
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '[') i = bracketEnd(rest, i);
    else if (rest[i] === '\\') {
      if (/[1-9]/.test(rest[i + 1] ?? '')) throw refused('backreferences are not accepted');
      i++;
    }
  }
  return expanded ? unexpand(rest) : rest;
}

/** Expanded mode: blanks and `#` comments outside bracket expressions are not part of the pattern. */
function unexpand(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      out += pattern.slice(i, i + 2);
      i++;
    } else if (ch === '[') {
      const end = bracketEnd(pattern, i);
      out += pattern.slice(i, end + 1);
      i = end;
    } else if (ch === '#') {
      const nl = pattern.indexOf('\n', i);
      i = nl < 0 ? pattern.length : nl;
    } else if (!/\s/.test(ch)) {
      out += ch;
    }
  }
  return out;
}

/**
 * Measured on the embedded database (PGlite), which cannot be interrupted (no statement_timeout):
 * `(a{0,255}){0,255}x` compiled in 22 ms, and the next such pattern, `(b{0,255}){0,255}y`, kept it
 * busy for minutes, stopping the whole portal; nested bounds of 100 took 0.8 s, and sequential
 * bounds of 1,020 atoms 3 ms. A pattern for a search box needs neither nesting nor hundreds of copies.
 */
const MAX_DEPTH = 1;
const MAX_SIZE = 1000;
/** Characters of one pattern (regular expression, like, full-text query): a search box needs far fewer. */
export const MAX_PATTERN_LENGTH = 1000;
/** Atoms of all the regular expressions of one request together: each is compiled on its own. */
export const MAX_REQUEST_REGEX_SIZE = 4000;

/** Refuses a match/imatch pattern before it reaches the database, as Postgres words the refusal; answers its size. */
export function assertRegexNotTooComplex(pattern: string): number {
  if (pattern.length > MAX_PATTERN_LENGTH) throw tooComplex();
  const plain = normalizePattern(pattern);
  if (plain === null) return pattern.length;
  const { depth, size } = regexWeight(plain);
  if (depth > MAX_DEPTH || size > MAX_SIZE) throw tooComplex();
  return size;
}

/**
 * LIKE/ILIKE: Postgres matches `%` by trying each position, so the work grows with the text's
 * length times the pattern's; full-text queries are parsed into a tree as long as the text.
 * Both are bounded by their length, and LIKE by its wildcards.
 */
const MAX_LIKE_WILDCARDS = 32;

export function assertPatternNotTooLong(op: string, pattern: string): void {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new GatewayError(400, '54000', `The ${op} pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
  }
  if ((op === 'like' || op === 'ilike') && (pattern.match(/[%*_]/g)?.length ?? 0) > MAX_LIKE_WILDCARDS) {
    throw new GatewayError(400, '54000', `The ${op} pattern has more than ${MAX_LIKE_WILDCARDS} wildcards`);
  }
}
