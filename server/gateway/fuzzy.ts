/**
 * The closest of a few names to one given, as PostgREST finds its "Perhaps you meant …" hints
 * (Haskell's fuzzyset, a port of fuzzyset.js with its defaults): cosine similarity of the
 * letter 3-grams (then 2-grams, if none scores), the best 50 re-scored by Levenshtein distance,
 * a match only at `minScore` or above: 0.33 for parameter lists, 0.75 for names (as PostgREST
 * does since 13, which the postgrest-js suite runs: a looser match named unrelated functions).
 */

function grams(value: string, size: number): Map<string, number> {
  let simplified = `-${value.toLowerCase().replace(/[^a-z0-9\u00C0-\u00FF, ]+/g, '')}-`;
  while (simplified.length < size) simplified += '-';
  const counts = new Map<string, number>();
  for (let i = 0; i <= simplified.length - size; i++) {
    const g = simplified.slice(i, i + size);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return counts;
}

const norm = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((s, c) => s + c * c, 0));

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

const similarity = (a: string, b: string) => 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);

/** The candidate closest to `value`, or undefined when none is close enough. */
export function closest(candidates: string[], value: string, minScore = 0.33): string | undefined {
  const wanted = value.toLowerCase();
  const exact = candidates.find((c) => c.toLowerCase() === wanted);
  if (exact !== undefined) return exact;
  for (let size = 3; size >= 2; size--) {
    const mine = grams(value, size);
    const myNorm = norm(mine);
    const scored = candidates
      .map((c) => {
        const theirs = grams(c, size);
        let dot = 0;
        for (const [g, n] of mine) dot += n * (theirs.get(g) ?? 0);
        return { c, score: myNorm && dot ? dot / (myNorm * norm(theirs)) : 0 };
      })
      .filter((r) => r.score > 0)
      .sort((x, y) => y.score - x.score)
      .slice(0, 50)
      .map((r) => ({ c: r.c, score: similarity(r.c.toLowerCase(), wanted) }))
      .filter((r) => r.score >= minScore)
      .sort((x, y) => y.score - x.score);
    if (scored.length) return scored[0].c;
  }
  return undefined;
}
