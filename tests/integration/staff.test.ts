import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, LUCIA, claimsOf, signIn } from '../support/sign-in';

/**
 * Staff accounts: an account whose document is on an active public.personal row signs in with the
 * PIN flow and gets the staff role of that row's notaría in its access token (claim notarias),
 * re-read at every refresh. Seed: Lucía Fernández (NIF 11111111H) is staff row 8 of notaría 1.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const refresh = async (refresh_token: string) => {
  const res = await s.api('/auth/refresh', { method: 'POST', json: { refresh_token } });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
};

/** What RLS lets the token read: the appointments of notaría 1 and whether it is staff of it. */
const esPersonalDe = async (token: string, notaria: number) =>
  // the helper is not callable through /rest/v1/rpc: asked with the token's claims, as a policy asks it
  s.ctx.db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claimsOf(token))]);
    return (await tx.query<{ v: boolean }>('select public.es_personal_de($1) as v', [notaria])).rows[0].v;
  });

describe('staff sign-in', () => {
  it('signing in with the document of an active staff row gives the staff role of its notaría, read by RLS', async () => {
    const t = await signIn(s, LUCIA.doc, LUCIA.email, '198.51.100.10');
    const claims = claimsOf(t.access_token);
    expect(claims.notarias).toEqual([1]);
    expect(claims.app_role).toBe('assistant');
    expect(await esPersonalDe(t.access_token, 1)).toBe(true);
    expect(await esPersonalDe(t.access_token, 2)).toBe(false);
  });

  it('a person on the staff of two notarías holds both; the notaría chosen at sign-in does not narrow it', async () => {
    await s.ctx.db.query(
      `insert into public.personal (name, email, position, notaria_id, tipo_documento, numero_documento)
       values ('Lucía Fernández Ruiz', 'lucia.fernandez@notariapuigferrer.example', 'Oficial', 2, 'NIF', '11111111H')`,
    );
    try {
      const t = await signIn(s, LUCIA.doc, LUCIA.email, '198.51.100.11', 'NOT001');
      expect(claimsOf(t.access_token).notarias).toEqual([1, 2]);
    } finally {
      await s.ctx.db.query(`delete from public.personal where email = 'lucia.fernandez@notariapuigferrer.example'`);
    }
  });

  it("'Desactivar' ends the staff role at the next token refresh, and 'Activar' gives it back", async () => {
    const t = await signIn(s, LUCIA.doc, LUCIA.email, '198.51.100.12');
    expect(claimsOf(t.access_token).notarias).toEqual([1]);
    await s.ctx.db.query('update public.personal set is_active = false where id = 8');
    try {
      const r = await refresh(t.refresh_token);
      expect(claimsOf(r.access_token).notarias).toBeUndefined();
      expect(await esPersonalDe(r.access_token, 1)).toBe(false);
      await s.ctx.db.query('update public.personal set is_active = true where id = 8');
      const back = await refresh(r.refresh_token);
      expect(claimsOf(back.access_token).notarias).toEqual([1]);
    } finally {
      await s.ctx.db.query('update public.personal set is_active = true where id = 8');
    }
  });

  it('a client gets no staff claim and is staff of no notaría', async () => {
    const t = await signIn(s, ANA.doc, ANA.email, '198.51.100.13');
    expect(claimsOf(t.access_token).notarias).toBeUndefined();
    expect(await esPersonalDe(t.access_token, 1)).toBe(false);
  });

  it('the staff row needs a valid document: the database refuses a malformed one', async () => {
    await expect(
      s.ctx.db.query(`update public.personal set tipo_documento = 'NIF', numero_documento = '1234' where id = 1`),
    ).rejects.toThrow(/personal_documento_valido/);
    await expect(s.ctx.db.query(`update public.personal set tipo_documento = 'NIF', numero_documento = null where id = 1`)).rejects.toThrow(
      /personal_documento_valido/,
    );
  });
});
