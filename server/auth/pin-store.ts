import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { PIN_RULES, generatePin, hashPin, lockedMessage, maskEmail, sameHash } from './pins.js';

/** What a PIN is bound to: it only works for the same purpose, document and e-mail. */
export interface PinSubject {
  proposito: 'login' | 'registro';
  tipoDocumento: string;
  numeroDocumento: string;
  email: string;
}

const documentKey = (s: PinSubject) => `${s.tipoDocumento}:${s.numeroDocumento}`;

const IP_LOCK = `select pg_advisory_xact_lock(hashtext('servicios.pin_solicitudes'), hashtext($1))`;

/**
 * While an account is locked at an address by the wrong PINs tried for it there: until when (the
 * last one + lockMinutes). Per address AND account: at a shared address (an office's Wi-Fi, a
 * carrier's NAT) one person's mistakes do not lock everyone else out.
 */
async function addressLockedUntil(tx: Queryable, ip: string, s: Pick<PinSubject, 'tipoDocumento' | 'numeroDocumento'>): Promise<Date | null> {
  const { rows } = await tx.query<{ n: number; last: Date | null }>(
    `select count(*)::int as n, max(created_at) as last from servicios.pin_fallos
      where ip = $1 and numero_documento = $3 and tipo_documento = $4 and created_at > now() - make_interval(mins => $2)`,
    [ip, PIN_RULES.lockMinutes, s.numeroDocumento, s.tipoDocumento],
  );
  const { n, last } = rows[0];
  return n >= PIN_RULES.maxWrongPerAddress && last ? new Date(new Date(last).getTime() + PIN_RULES.lockMinutes * 60_000) : null;
}

/**
 * Every anonymous sign-in action (asking for a PIN, trying one, registering, confirming) passes
 * here first: it is counted against the caller's address (known document or not, so documents
 * cannot be probed without limit) and refused past the hourly cap. (Wrong PINs lock an account at
 * an address, not the address: checkPin.) An address's requests are counted one at a time (a transaction-scoped
 * advisory lock): concurrent ones each missed the others' rows and 200 at once let up to 39
 * through a cap of 30 on PostgreSQL.
 */
export async function checkIpLimit(ctx: AppContext, ip: string): Promise<void> {
  await ctx.db.query(`delete from servicios.pin_solicitudes where created_at < now() - interval '1 hour'`);
  await ctx.db.query(`delete from servicios.pin_fallos where created_at < now() - interval '1 day'`);
  const n = await ctx.db.transaction(async (tx) => {
    await tx.query(IP_LOCK, [ip]);
    await tx.query('insert into servicios.pin_solicitudes (ip) values ($1)', [ip]);
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from servicios.pin_solicitudes where ip = $1 and created_at > now() - interval '1 hour'`,
      [ip],
    );
    return rows[0].n;
  });
  if (n > ctx.config.pinLimits.perIpHour) {
    throw new HttpError(429, 'Demasiadas solicitudes desde esta conexión. Inténtelo más tarde.');
  }
}

/** Locks the counter row of a document for this transaction (created on first use). */
async function lockCounter(tx: Queryable, s: PinSubject) {
  await tx.query(
    `insert into servicios.pin_intentos (tipo_documento, numero_documento) values ($1, $2) on conflict do nothing`,
    [s.tipoDocumento, s.numeroDocumento],
  );
  const { rows } = await tx.query<{ fallos: number; bloqueadoHasta: Date | null; bloqueado: boolean }>(
    `select fallos, bloqueado_hasta as "bloqueadoHasta", coalesce(bloqueado_hasta > now(), false) as bloqueado
       from servicios.pin_intentos where tipo_documento = $1 and numero_documento = $2 for update`,
    [s.tipoDocumento, s.numeroDocumento],
  );
  return rows[0];
}

type IssueResult = { ok: true; pin: string } | { ok: false; status: 429; message: string };

/** Anonymous PINs of a document a day, from all addresses together: perUserDay times this. */
export const ANONYMOUS_DAY_FACTOR = 3;

const DAILY_CAP = 'Se ha alcanzado el número máximo de códigos PIN por hoy. Inténtelo mañana.';

/**
 * Issues a new PIN (the previous ones of that document stop working) unless sign-in is locked
 * or the per-user caps are reached. One short transaction, serialised per document.
 * The daily cap (mail volume per document) is counted so that a stranger cannot spend it for the
 * owner: a request from a browser that signed in as the account before (`dispositivo`) has a
 * quota of its own; anonymous ones count per address (perUserDay each) and, all together, up to
 * ANONYMOUS_DAY_FACTOR times that.
 */
async function issuePin(ctx: AppContext, s: PinSubject, ip: string, dispositivo: boolean): Promise<IssueResult> {
  const { perUserSeconds, perUserDay } = ctx.config.pinLimits;
  const pin = generatePin();
  // rows older than the daily window no longer count for anything
  await ctx.db.query(`delete from servicios.pins where created_at < now() - interval '2 days'`);
  return ctx.db.transaction(async (tx): Promise<IssueResult> => {
    const counter = await lockCounter(tx, s);
    if (counter.bloqueado) return { ok: false, status: 429, message: lockedMessage(new Date(counter.bloqueadoHasta!)) };
    // no new PIN for an account locked at this address by the wrong PINs tried there (the owner's browser excepted)
    const addressLock = dispositivo ? null : await addressLockedUntil(tx, ip, s);
    if (addressLock) return { ok: false, status: 429, message: lockedMessage(addressLock) };
    const { rows } = await tx.query<{ recientes: number; hoy: number; desdeAqui: number; anonimos: number }>(
      // a PIN already used does not hold back the next one (sign in right after registering);
      // the owner's browser is held back only by its own PINs
      `select count(*) filter (where used_at is null and created_at > now() - make_interval(secs => $3) and dispositivo = $4)::int as recientes,
              count(*) filter (where dispositivo = $4)::int as hoy,
              count(*) filter (where not dispositivo and ip = $5)::int as "desdeAqui",
              count(*) filter (where not dispositivo)::int as anonimos
         from servicios.pins
        where numero_documento = $2 and tipo_documento = $1 and created_at > now() - interval '1 day'`,
      [s.tipoDocumento, s.numeroDocumento, perUserSeconds, dispositivo, ip],
    );
    const r = rows[0];
    if (r.recientes > 0) {
      return { ok: false, status: 429, message: 'Ya se ha enviado un código PIN. Espere un minuto antes de solicitar otro.' };
    }
    const capped = dispositivo ? r.hoy >= perUserDay : r.desdeAqui >= perUserDay || r.anonimos >= perUserDay * ANONYMOUS_DAY_FACTOR;
    if (capped) return { ok: false, status: 429, message: DAILY_CAP };
    await tx.query(
      `update servicios.pins set revoked_at = now()
        where numero_documento = $2 and tipo_documento = $1 and used_at is null and revoked_at is null`,
      [s.tipoDocumento, s.numeroDocumento],
    );
    await tx.query(
      `insert into servicios.pins (tipo_documento, numero_documento, proposito, email, pin_hash, ip, expires_at, dispositivo)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7), $8)`,
      [s.tipoDocumento, s.numeroDocumento, s.proposito, s.email, hashPin(ctx.config.jwtSecret, documentKey(s), pin), ip, PIN_RULES.validMinutes, dispositivo],
    );
    return { ok: true, pin };
  });
}

const MAIL = {
  login: { subject: 'Su código de acceso', what: 'acceder al Portal Notarial' },
  registro: { subject: 'Su código de registro', what: 'completar su registro en el Portal Notarial' },
} as const;

/**
 * Issues a PIN and e-mails it. Throws 429 (locked or capped) or 503 (mail not sent).
 * `dispositivo`: the request came from a browser that signed in as this account before.
 */
export async function sendPin(ctx: AppContext, s: PinSubject, ip: string, dispositivo = false): Promise<void> {
  const issued = await issuePin(ctx, s, ip, dispositivo);
  if (!issued.ok) throw new HttpError(issued.status, issued.message);
  const mail = MAIL[s.proposito];
  try {
    await ctx.mailer.send({
      to: s.email,
      subject: mail.subject,
      text:
        `Su código PIN para ${mail.what} es: ${issued.pin}\n\n` +
        `Es válido durante ${PIN_RULES.validMinutes} minutos y solo puede usarse una vez.\n` +
        'Si no lo ha solicitado usted, ignore este mensaje.',
    });
  } catch (e) {
    ctx.log(`[auth] no se pudo enviar el código PIN: ${(e as Error).message}`);
    throw new HttpError(503, 'No se pudo enviar el código PIN. Inténtelo más tarde.');
  }
  // never in production: the PIN is a credential
  if (!ctx.config.production) ctx.log(`[auth] código PIN (${s.proposito}) para ${maskEmail(s.email)}: ${issued.pin}`);
}

type VerifyResult = { ok: true } | { ok: false; lockedUntil: Date | null };

/**
 * Checks a PIN against the newest live PIN bound to the subject, in one short transaction,
 * serialised per address (advisory lock) and per PIN (row lock).
 * - No live PIN (none asked for, expired, used, cancelled): refused, and counted nowhere, so
 *   guesses against an account nobody asked a PIN for cannot lock its owner out.
 * - A right PIN is used up and clears the account's consecutive count.
 * - A wrong one counts three times: for the account at that address (the fifth within
 *   lockMinutes locks the account there, not the account elsewhere nor others at the address;
 *   the owner's own browser, `dispositivo`, is not held back), for the PIN (the fifth cancels it: a new one must be
 *   asked for, within the issuing caps), and for the account (the 100th consecutive, from any
 *   addresses, locks its PIN sign-in for a day: NIST's bound).
 */
async function checkPin(ctx: AppContext, s: PinSubject, pin: string, ip: string, dispositivo: boolean): Promise<VerifyResult> {
  const hash = hashPin(ctx.config.jwtSecret, documentKey(s), pin);
  const doc = [s.tipoDocumento, s.numeroDocumento];
  const where = 'where tipo_documento = $1 and numero_documento = $2';
  return ctx.db.transaction(async (tx): Promise<VerifyResult> => {
    await tx.query(IP_LOCK, [ip]);
    const addressLock = dispositivo ? null : await addressLockedUntil(tx, ip, s);
    if (addressLock) return { ok: false, lockedUntil: addressLock };
    const { rows: counter } = await tx.query<{ until: Date }>(
      `select bloqueado_hasta as until from servicios.pin_intentos ${where} and bloqueado_hasta > now()`,
      doc,
    );
    if (counter[0]) return { ok: false, lockedUntil: new Date(counter[0].until) };
    const { rows } = await tx.query<{ id: number; pinHash: string; fallos: number }>(
      `select id, pin_hash as "pinHash", fallos from servicios.pins
        where numero_documento = $2 and tipo_documento = $1 and proposito = $3 and lower(email) = lower($4)
          and used_at is null and revoked_at is null and expires_at > now()
        order by id desc limit 1
        for update`,
      [s.tipoDocumento, s.numeroDocumento, s.proposito, s.email],
    );
    const live = rows[0];
    if (!live) return { ok: false, lockedUntil: null };
    if (sameHash(hash, live.pinHash)) {
      await tx.query('update servicios.pins set used_at = now() where id = $1', [live.id]);
      await tx.query(`update servicios.pin_intentos set fallos = 0, bloqueado_hasta = null ${where}`, doc);
      return { ok: true };
    }
    await tx.query('insert into servicios.pin_fallos (ip, tipo_documento, numero_documento) values ($1, $2, $3)', [ip, ...doc]);
    await tx.query(
      `update servicios.pins set fallos = fallos + 1, revoked_at = case when fallos + 1 >= $2 then now() end where id = $1`,
      [live.id, PIN_RULES.maxWrongTries],
    );
    const { rows: account } = await tx.query<{ fallos: number }>(
      `insert into servicios.pin_intentos (tipo_documento, numero_documento, fallos) values ($1, $2, 1)
       on conflict (tipo_documento, numero_documento) do update set fallos = servicios.pin_intentos.fallos + 1
       returning fallos`,
      doc,
    );
    if (account[0].fallos >= PIN_RULES.maxConsecutivePerAccount) {
      const { rows: locked } = await tx.query<{ until: Date }>(
        `update servicios.pin_intentos set fallos = 0, bloqueado_hasta = now() + make_interval(mins => $3)
          ${where} returning bloqueado_hasta as until`,
        [...doc, PIN_RULES.accountLockMinutes],
      );
      await tx.query(`update servicios.pins set revoked_at = now() ${where} and used_at is null and revoked_at is null`, doc);
      return { ok: false, lockedUntil: new Date(locked[0].until) };
    }
    return { ok: false, lockedUntil: dispositivo ? null : await addressLockedUntil(tx, ip, s) };
  });
}

/** Accepts the PIN or throws 401 'Código PIN incorrecto' / 429 while the address or account is locked. */
export async function verifyPin(ctx: AppContext, s: PinSubject, pin: string, ip: string, dispositivo = false): Promise<void> {
  const result = await checkPin(ctx, s, pin, ip, dispositivo);
  if (result.ok) return;
  if (result.lockedUntil) throw new HttpError(429, lockedMessage(result.lockedUntil));
  throw new HttpError(401, 'Código PIN incorrecto');
}
