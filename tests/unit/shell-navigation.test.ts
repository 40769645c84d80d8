import { describe, expect, it } from 'vitest';
import { formatHeaderDate } from '../../src/shell/clock';
import { activeEntry, navEntries, registryMenuItems } from '../../src/shell/navigation';
import { roleFromToken, viewerFromToken } from '../../providers/access-control-provider';

describe('header clock', () => {
  it('reads weekday, day de month, hh:mm h in Spanish', () => {
    expect(formatHeaderDate(new Date(2026, 10, 21, 14, 5))).toBe('sábado, 21 de noviembre, 14:05 h');
    expect(formatHeaderDate(new Date(2026, 0, 5, 9, 0))).toBe('lunes, 5 de enero, 09:00 h');
  });
});

describe('highlighted navigation entry', () => {
  it('follows the section of the current path', () => {
    expect(activeEntry('/dashboard')?.label).toBe('Inicio');
    expect(activeEntry('/servicios/categoria/3')?.label).toBe('Servicios');
    expect(activeEntry('/expediente/42')?.label).toBe('Expedientes');
    expect(activeEntry('/admin/notarias')?.label).toBe('Notarías');
  });
  it('highlights nothing for pages outside the bar and does not match a mere prefix', () => {
    expect(activeEntry('/perfil')).toBeUndefined();
    expect(activeEntry('/citasx')).toBeUndefined();
  });
});

describe('role from the access token', () => {
  const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
  it("reads the app_role claim and defaults to client (the token's 'assistant')", () => {
    expect(roleFromToken(token({ sub: 'x', app_role: 'admin' }))).toBe('admin');
    expect(roleFromToken(token({ sub: 'x', app_role: 'assistant' }))).toBe('client');
    expect(roleFromToken(token({ sub: 'x' }))).toBe('client');
    expect(roleFromToken('no-es-un-jwt')).toBe('client');
    expect(roleFromToken(undefined)).toBe('client');
  });
  it('reads staff and the notarías they work at', () => {
    // the server signs staff as app_role 'assistant' with the notarías they work at
    expect(viewerFromToken(token({ sub: 'x', app_role: 'assistant', notarias: [1, 3, 'x'] }))).toEqual({ role: 'staff', notarias: [1, 3] });
    expect(viewerFromToken(token({ sub: 'x', app_role: 'assistant', notarias: [] }))).toEqual({ role: 'client' });
    expect(viewerFromToken(token({ sub: 'x', app_role: 'assistant' }))).toEqual({ role: 'client' });
    expect(viewerFromToken(token({ sub: 'x', app_role: 'admin', notarias: [2] }))).toEqual({ role: 'admin', notarias: [2] });
  });
});

describe('the navigation bar, from the registry', () => {
  const labels = (role: 'admin' | 'staff' | 'client', notarias: number[] = []) => navEntries(registryMenuItems(), { role, notarias }).map((e) => e.label);
  it("shows the six entries to everyone signed in, in order, 'Despacho' to staff and 'Notarías' to admins only", () => {
    const six = ['Inicio', 'Datos Personales', 'Servicios', 'Expedientes', 'Copias', 'Citas'];
    expect(labels('client')).toEqual(six);
    expect(labels('staff', [1])).toEqual([...six, 'Despacho']);
    // an admin who is not staff of a notaría has no office work
    expect(labels('admin')).toEqual([...six, 'Notarías']);
    expect(labels('admin', [1])).toEqual([...six, 'Despacho', 'Notarías']);
  });
  it('leaves out hidden declarations and those without a menu (perfil, the catalogues)', () => {
    const names = navEntries(registryMenuItems(), 'admin').map((e) => e.name);
    expect(names).not.toContain('perfil');
    expect(names).not.toContain('notarias');
    expect(names).not.toContain('festivos');
  });
});
