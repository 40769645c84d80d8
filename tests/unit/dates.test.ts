import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ageOn,
  birthDateError,
  formDateToIso,
  isIsoDate,
  isoToFormDate,
  maskDateInput,
  OFFICE_TIME_ZONE,
  officeNow,
  representativeBirthDateError,
  todayIso,
} from '../../domain/dates';

const TODAY = '2026-06-15';

describe('form date dd/mm/yyyy → API yyyy-mm-dd', () => {
  it('pads the three parts with zeros', () => {
    expect(formDateToIso('17/05/1980')).toBe('1980-05-17');
    expect(formDateToIso('1/2/1990')).toBe('1990-02-01');
  });
  it('gives an empty string for anything that is not three numeric parts', () => {
    for (const v of ['', '17-05-1980', '17/05', '17/05/1980/1', 'aa/bb/cccc', undefined, null]) expect(formDateToIso(v)).toBe('');
  });
  it('round-trips with the reverse conversion', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1920-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        expect(formDateToIso(isoToFormDate(iso))).toBe(iso);
      }),
    );
  });
  it('reads API dates with a time part and ignores garbage', () => {
    expect(isoToFormDate('1980-05-17T00:00:00Z')).toBe('17/05/1980');
    expect(isoToFormDate('17/05/1980')).toBe('');
  });
});

describe('the birth-date input', () => {
  it('inserts slashes while typing and stops at 10 characters', () => {
    expect(maskDateInput('1')).toBe('1');
    expect(maskDateInput('170')).toBe('17/0');
    expect(maskDateInput('17051')).toBe('17/05/1');
    expect(maskDateInput('170519801234')).toBe('17/05/1980');
    expect(maskDateInput('17/05/1980')).toBe('17/05/1980');
    expect(maskDateInput('ab17')).toBe('17');
  });
  it('never exceeds 10 characters', () => {
    fc.assert(fc.property(fc.string(), (s) => maskDateInput(s).length <= 10));
  });
});

describe('birth-date messages of the natural-person form', () => {
  it.each([
    ['17-05-1980', 'Formato de fecha inválido (dd/mm/yyyy)'],
    ['1/5/1980', 'Formato de fecha inválido (dd/mm/yyyy)'],
    ['31/02/1990', 'Fecha inválida'],
    ['10/13/1990', 'Fecha inválida'],
    ['31/12/1919', 'La fecha no puede ser anterior a 1920'],
    ['16/06/2026', 'La fecha no puede ser en el futuro'],
    ['16/06/2008', 'Persona menor de edad, recuerde rellenar los datos de su representante'],
  ])('%s → %s', (value, message) => {
    expect(birthDateError(value, TODAY)).toBe(message);
  });
  it('accepts an adult, including on the 18th birthday', () => {
    expect(birthDateError('15/06/2008', TODAY)).toBeNull();
    expect(birthDateError('01/01/1920', TODAY)).toBeNull();
    expect(birthDateError('29/02/2000', TODAY)).toBeNull();
  });
  it('uses the representative form messages there', () => {
    expect(representativeBirthDateError('1980-05-17', TODAY)).toBe('Formato de fecha incorrecto (DD/MM/AAAA)');
    expect(representativeBirthDateError('16/06/2008', TODAY)).toBe('Un representante no puede ser menor de edad');
    expect(representativeBirthDateError('15/06/2008', TODAY)).toBeNull();
  });
});

describe('helpers', () => {
  it('counts whole years', () => {
    expect(ageOn('2000-06-16', TODAY)).toBe(25);
    expect(ageOn('2000-06-15', TODAY)).toBe(26);
  });
  it('knows real ISO dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
  it("takes today and now in the offices' time zone, whatever the machine's", () => {
    expect(todayIso(new Date('2026-01-04T22:59:59Z'))).toBe('2026-01-04');
    expect(todayIso(new Date('2026-01-04T23:00:00Z'))).toBe('2026-01-05'); // CET, UTC+1
    expect(todayIso(new Date('2026-07-21T22:00:00Z'))).toBe('2026-07-22'); // CEST, UTC+2
    expect(officeNow(new Date('2026-12-31T23:05:00Z'))).toEqual({ date: '2027-01-01', time: '00:05' });
    expect(officeNow(new Date('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(officeNow(new Date('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', time: '03:00' }); // clocks go forward
  });
});

describe("the offices' clock without Intl", () => {
  // the rule officeNow computes, held to the time zone database Node's ICU carries
  const intl = new Intl.DateTimeFormat('en-US', {
    timeZone: OFFICE_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23',
  });
  const byIntl = (d: Date) => {
    const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value.padStart(2, '0')]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  };

  it('agrees with Europe/Madrid from 2000 to 2060: each hour of March and October, a minute either side, and every day', () => {
    const mismatches: string[] = [];
    const check = (at: number) => {
      const d = new Date(at);
      const a = officeNow(d);
      const b = byIntl(d);
      if (a.date !== b.date || a.time !== b.time) mismatches.push(`${d.toISOString()}: ${a.date} ${a.time} ≠ ${b.date} ${b.time}`);
    };
    for (let year = 2000; year <= 2060; year++) {
      for (const month of [2, 9]) {
        for (let t = Date.UTC(year, month, 1); t < Date.UTC(year, month + 1, 1); t += 3_600_000) [t - 60_000, t, t + 60_000].forEach(check);
      }
      for (let t = Date.UTC(year, 0, 1, 22, 30); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) check(t);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
