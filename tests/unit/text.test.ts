import { describe, expect, it } from 'vitest';
import countries from 'i18n-iso-countries';
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import { compareSpanish, foldText, groupThousands } from '../../domain/text';

countries.registerLocale(es);
const collator = new Intl.Collator('es');

describe('Spanish order without Intl', () => {
  it("sorts every country's Spanish name as Intl.Collator('es') does", () => {
    const names = Object.values(countries.getNames('es', { select: 'official' }));
    expect(names.length).toBeGreaterThan(200);
    expect([...names].sort(compareSpanish)).toEqual([...names].sort(collator.compare));
  });

  it('puts ñ after n, and lets accents and case count only between otherwise equal words', () => {
    const words = ['Cañada', 'canal', 'Coma', 'Ángel', 'angel', 'Ana', 'Núñez', 'Nuñez', 'Nunez', 'Ñandú', 'Oscar', 'Óscar', 'Muñoz', 'Muñiz', 'Munar', 'Peña', 'Pena', 'Pérez', 'Perez', 'Zúñiga'];
    expect([...words].sort(compareSpanish)).toEqual([...words].sort(collator.compare));
    expect(['Cañada', 'Canal'].sort(compareSpanish)).toEqual(['Canal', 'Cañada']);
  });
});

describe('foldText', () => {
  it('reads accents and case away, so a search finds what it names', () => {
    expect(foldText('Pólizas y DONACIÓN')).toBe('polizas y donacion');
    expect(foldText('Muñoz')).toBe('munoz');
  });
});

describe('thousands grouped without Intl', () => {
  it('writes whole numbers as es-ES does with grouping on', () => {
    for (const n of [0, 7, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 1_000_000, 1_234_567, 987_654_321]) {
      expect(groupThousands(n), String(n)).toBe(n.toLocaleString('es-ES', { useGrouping: true }));
    }
  });
});
