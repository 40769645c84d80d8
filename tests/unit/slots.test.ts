import { describe, expect, it } from 'vitest';
import { diaSemana, slotsDelDia, slotsDisponibles, type ReglaDisponibilidad } from '../../domain/slots';
import { nuevaCitaSchema } from '../../domain/citas';
import { esHoraOcupada, fechaEs, proximasCitas } from '../../domain/citas-rules';

const MONDAY = '2026-03-02';
const SATURDAY = '2026-03-07';
const SUNDAY = '2026-03-08';
const EARLIER = { date: '2026-03-01', time: '08:00' };

const weekly = (days: number[], start: string, end: string, isAvailable = true): ReglaDisponibilidad => ({
  day_of_week: days,
  start_time: `${start}:00`,
  end_time: `${end}:00`,
  is_recurring: true,
  is_available: isAvailable,
  specific_date: null,
});
const single = (date: string, start: string, end: string, isAvailable = true): ReglaDisponibilidad => ({
  day_of_week: [],
  start_time: start,
  end_time: end,
  is_recurring: false,
  is_available: isAvailable,
  specific_date: date,
});
const offered = (date: string, rules: ReglaDisponibilidad[] = [], booked: string[] = [], now = EARLIER) =>
  slotsDisponibles({ date, rules, booked, now });

describe('the fixed times by weekday', () => {
  it('knows the weekday of a date whatever the time zone', () => {
    expect([MONDAY, SATURDAY, SUNDAY].map(diaSemana)).toEqual([1, 6, 0]);
  });
  it('offers eight times Monday to Friday and three at the weekend', () => {
    expect(slotsDelDia(MONDAY)).toEqual(['09:00', '10:00', '11:00', '12:00', '15:00', '16:00', '17:00', '18:00']);
    expect(slotsDelDia('2026-03-06')).toHaveLength(8);
    expect(slotsDelDia(SATURDAY)).toEqual(['10:00', '11:00', '12:00']);
    expect(slotsDelDia(SUNDAY)).toEqual(['10:00', '11:00', '12:00']);
  });
  it('offers the whole list to a staff member without rules', () => {
    expect(offered(MONDAY)).toEqual(slotsDelDia(MONDAY));
    expect(offered(SUNDAY)).toEqual(['10:00', '11:00', '12:00']);
  });
});

describe('weekly rules', () => {
  it('keep only the times inside [start, end) of the rules of that weekday', () => {
    expect(offered(MONDAY, [weekly([1, 2, 3, 4, 5], '09:00', '14:00')])).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect(offered(MONDAY, [weekly([1], '09:00', '12:00'), weekly([1], '16:00', '18:00')])).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '16:00',
      '17:00',
    ]);
  });
  it('offer nothing on a weekday no rule covers', () => {
    expect(offered(SATURDAY, [weekly([1, 2, 3, 4, 5], '09:00', '14:00')])).toEqual([]);
    expect(offered(MONDAY, [weekly([2], '09:00', '14:00')])).toEqual([]);
  });
  it('never add times outside the fixed times', () => {
    expect(offered(SATURDAY, [weekly([6], '08:00', '20:00')])).toEqual(['10:00', '11:00', '12:00']);
  });
});

describe('single-date rules', () => {
  it('override the weekly rules on their date only', () => {
    const rules = [weekly([1], '09:00', '14:00'), single(MONDAY, '16:00', '19:00')];
    expect(offered(MONDAY, rules)).toEqual(['16:00', '17:00', '18:00']);
    expect(offered('2026-03-09', rules)).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });
  it('open a day that the weekly rules leave closed', () => {
    expect(offered(SUNDAY, [weekly([1, 2, 3, 4, 5], '09:00', '14:00'), single(SUNDAY, '10:00', '12:00')])).toEqual([
      '10:00',
      '11:00',
    ]);
  });
});

describe('not-available rules', () => {
  it('remove the times they cover from the working hours', () => {
    const rules = [weekly([1], '09:00', '19:00'), weekly([1], '11:00', '16:00', false)];
    expect(offered(MONDAY, rules)).toEqual(['09:00', '10:00', '16:00', '17:00', '18:00']);
  });
  it('on a single date remove times from the weekly hours of that date only', () => {
    const rules = [weekly([1], '09:00', '14:00'), single(MONDAY, '09:00', '11:00', false)];
    expect(offered(MONDAY, rules)).toEqual(['11:00', '12:00']);
    expect(offered('2026-03-09', rules)).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });
  it('narrow the whole list when the staff member has no available rule', () => {
    expect(offered(MONDAY, [single(MONDAY, '00:00', '23:59', false)])).toEqual([]);
    expect(offered(MONDAY, [weekly([1], '15:00', '19:00', false)])).toEqual(['09:00', '10:00', '11:00', '12:00']);
  });
});

describe('booked and past times', () => {
  it('drops booked times, with or without seconds', () => {
    expect(offered(SATURDAY, [], ['10:00:00', '12:00'])).toEqual(['11:00']);
  });
  it('offers nothing on a past date and only later times today', () => {
    expect(offered(MONDAY, [], [], { date: '2026-03-03', time: '08:00' })).toEqual([]);
    expect(offered(MONDAY, [], [], { date: MONDAY, time: '11:30' })).toEqual(['12:00', '15:00', '16:00', '17:00', '18:00']);
    expect(offered(MONDAY, [], [], { date: MONDAY, time: '12:00' })).toEqual(['15:00', '16:00', '17:00', '18:00']);
  });
});

describe('the booking sent to table citas', () => {
  const ok = { notaria_id: 1, staff_id: 2, subject: 'Firma', client_id: '00000000-0000-4000-8000-000000000002', date: MONDAY, time: '16:00', type: 'online' };
  it('accepts a complete choice', () => {
    expect(nuevaCitaSchema.parse(ok)).toEqual(ok);
  });
  it('names the first missing choice, so the wizard can do nothing until all are made', () => {
    expect(nuevaCitaSchema.safeParse({ ...ok, staff_id: undefined }).error?.issues[0].message).toBe('Debe seleccionar un notario');
    expect(nuevaCitaSchema.safeParse({ ...ok, time: undefined }).error?.issues[0].message).toBe('Debe seleccionar una hora');
    expect(nuevaCitaSchema.safeParse({ ...ok, client_id: 'yo' }).error?.issues[0].message).toBe('Debe seleccionar un cliente');
    expect(nuevaCitaSchema.safeParse({ ...ok, type: 'telefono' }).success).toBe(false);
  });
  it('recognises the database refusing a taken slot, and sorts upcoming appointments', () => {
    expect(esHoraOcupada({ code: '23505', statusCode: 23505 })).toBe(true);
    expect(esHoraOcupada({ code: '23514', statusCode: 23514 })).toBe(false);
    const citas = [
      { date: SUNDAY, time: '10:00:00' },
      { date: '2026-03-01', time: '12:00:00' },
      { date: MONDAY, time: '09:00:00' },
      { date: SUNDAY, time: '09:00:00' },
    ];
    expect(proximasCitas(citas, '2026-03-02')).toEqual([citas[2], citas[3], citas[0]]);
    expect(fechaEs('2026-03-02')).toBe('02/03/2026');
  });
});
