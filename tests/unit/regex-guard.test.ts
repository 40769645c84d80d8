import { describe, expect, it } from 'vitest';
import { assertRegexNotTooComplex, regexWeight } from '../../server/gateway/regex-guard';

describe('regexWeight: what compiling a match/imatch pattern costs (nesting of {m,n}, atoms written out)', () => {
  it.each([
    ['^El (h|a)[a-z]{2,9}', 1, 14],
    ['^\\d{4}-\\d{2}-\\d{2}$', 1, 10],
    ['(ab){3}c', 1, 7],
    ['a{0,255}b{0,255}c{0,255}', 1, 765],
    ['x{3,}', 1, 3],
    ['(a{0,255}){0,255}', 2, 65025],
    ['((a{0,255}){0,255}){0,255}x', 3, 16581376],
    ['((a*)*)*x', 0, 2],
  ])('%s → depth %i, size %i', (pattern, depth, size) => expect(regexWeight(pattern)).toEqual({ depth, size }));

  it('does not count what is escaped or inside a bracket expression', () => {
    expect(regexWeight('\\(\\(a\\{0,9\\}\\)\\{0,9\\}\\)\\{0,9\\}')).toEqual({ depth: 0, size: 20 });
    expect(regexWeight('[(]{2}[)]{2}[]{(]{3}')).toEqual({ depth: 1, size: 7 });
    expect(regexWeight('[[:alpha:]({]{2}')).toEqual({ depth: 1, size: 2 });
    expect(regexWeight('x{a}')).toEqual({ depth: 0, size: 4 }); // not a bound: literal braces for Postgres
  });

  it('counts what an unbalanced pattern holds, so that a misread bracket cannot hide a nesting', () => {
    expect(regexWeight('((a{0,9}){0,9}){0,9}(').depth).toBe(3);
    expect(regexWeight('(((a{0,9}){0,9}){0,9}').depth).toBe(3);
  });
});

describe('assertRegexNotTooComplex', () => {
  it('lets an ordinary pattern through; refuses nested bounds and over 1,000 atoms, in Postgres words (2201B)', () => {
    for (const ok of ['^El (h|a)[a-z]{2,9}', 'a{0,255}b{0,255}c{0,255}d{0,200}', '((a*)*)*x']) {
      expect(() => assertRegexNotTooComplex(ok)).not.toThrow();
    }
    for (const bad of ['(a{0,9}){0,9}', 'a{0,255}b{0,255}c{0,255}d{0,255}', '(ab){501}']) {
      expect(() => assertRegexNotTooComplex(bad)).toThrow(
        expect.objectContaining({ status: 400, code: '2201B', message: 'invalid regular expression: regular expression is too complex' }),
      );
    }
  });
});
