import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One form of address (issue 35): the portal's own texts speak to the person as 'usted', as the
 * office's texts do; the specification's texts stay letter for letter, whatever form they use.
 */
const RAIZ = join(__dirname, '../..');
const CARPETAS = ['src', 'domain', 'resources', 'providers', 'server'];
const SPEC = readdirSync(join(RAIZ, 'docs/spec'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => readFileSync(join(RAIZ, 'docs/spec', f), 'utf8'))
  .join('\n');

/** Words of the familiar form ('tú') in a text addressed to the person. */
const TUTEO = /\b(tu|tus|te|introduce|selecciona|escribe|revisa|comprueba|pulsa|inténtalo|puedes|tienes|quieres|añádelo|añádela)\b/i;

function* ficheros(dir: string): Generator<string> {
  for (const f of readdirSync(dir)) {
    if (f === 'node_modules' || f === 'vendor' || f.startsWith('.')) continue;
    const p = join(dir, f);
    if (statSync(p).isDirectory()) yield* ficheros(p);
    else if (/\.tsx?$/.test(f)) yield p;
  }
}

/** The string literals and JSX texts of a source file, comments left out. */
function textos(codigo: string): string[] {
  const sinComentarios = codigo.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const literales = [...sinComentarios.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`|"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  const jsx = [...sinComentarios.matchAll(/>([^<>{}]*[a-záéíóúñ][^<>{}]*)</gi)].map((m) => m[1]);
  return [...literales, ...jsx].map((t) => t.trim()).filter((t) => /\s/.test(t));
}

describe("the portal's own texts say 'usted'", () => {
  it('no text outside the specification uses the familiar form', () => {
    const encontrados: string[] = [];
    for (const carpeta of CARPETAS) {
      for (const f of ficheros(join(RAIZ, carpeta))) {
        for (const t of textos(readFileSync(f, 'utf8'))) {
          if (TUTEO.test(t) && !SPEC.includes(t.replace(/\$\{[^}]*\}/g, '').trim().slice(0, 40))) encontrados.push(`${f.slice(RAIZ.length + 1)}: ${t}`);
        }
      }
    }
    expect(encontrados).toEqual([]);
  });
});
