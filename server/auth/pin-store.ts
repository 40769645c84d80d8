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

/**
 * Counts this PIN request against the caller's address (known document or not, so documents
 * cannot be probed without limit) and refuses it past the hourly cap. An address's requests are
 * counted one at a time (a transaction-scoped advisory lock): concurrent ones each missed the
 * others' rows and 200 at once let up to 39 through a cap of 30 on PostgreSQL.
 */
export async function checkIpLimit(ctx: AppContext, ip: string): Promise<void> {
  await ctx.db.query(`delete from servicios.pin_solicitudes where created_at < now() - interval '1 hour'`);
  const n = await ctx.db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('servicios.pin_solicitudes'), hashtext($1))`, [ip]);
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

/**
 * Issues a new PIN (the previous ones of that document stop working) unless sign-in is locked
 * or the per-user caps are reached. One short transaction, serialised per document.
 */
async function issuePin(ctx: AppContext, s: PinSubject, ip: string): Promise<IssueResult> {
  const { perUserSeconds, perUserDay } = ctx.config.pinLimits;
  const pin = generatePin();
  // rows older than the daily window no longer count for anything
  await ctx.db.query(`delete from servicios.pins where created_at < now() - interval '2 days'`);
  return ctx.db.transaction(async (tx): Promise<IssueResult> => {
    const counter = await lockCounter(tx, s);
    if (counter.bloqueado) return { ok: false, status: 429, message: lockedMessage(new Date(counter.bloqueadoHasta!)) };
    const { rows } = await tx.query<{ recientes: number; hoy: number }>(
      // a PIN already used does not hold back the next one (sign in right after registering)
      `select count(*) filter (where used_at is null and created_at > now() - make_interval(secs => $3))::int as recientes,
              count(*)::int as hoy
         from servicios.pins
        where numero_documento = $2 and tipo_documento = $1 and created_at > now() - interval '1 day'`,
      [s.tipoDocumento, s.numeroDocumento, perUserSeconds],
    );
    if (rows[0].recientes > 0) {
      return { ok: false, status: 429, message: 'Ya se ha enviado un código PIN. Espere un minuto antes de solicitar otro.' };
    }
    if (rows[0].hoy >= perUserDay) {
      return { ok: false, status: 429, message: 'Se ha alcanzado el número máximo de códigos PIN por hoy. Inténtelo mañana.' };
    }
    await tx.query(
      `update servicios.pins set revoked_at = now()
        where numero_documento = $2 and tipo_documento = $1 and used_at is null and revoked_at is null`,
      [s.tipoDocumento, s.numeroDocumento],
    );
    await tx.query(
      `insert into servicios.pins (tipo_documento, numero_documento, proposito, email, pin_hash, ip, expires_at)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
      [s.tipoDocumento, s.numeroDocumento, s.proposito, s.email, hashPin(ctx.config.jwtSecret, documentKey(s), pin), ip, PIN_RULES.validMinutes],
    );
    return { ok: true, pin };
  });
}

const MAIL = {
  login: { subject: 'Su código de acceso', what: 'acceder al Portal Notarial' },
  registro: { subject: 'Su código de registro', what: 'completar su registro en el Portal Notarial' },
} as const;

/** Issues a PIN and e-mails it. Throws 429 (locked or capped) or 503 (mail not sent). */
export async function sendPin(ctx: AppContext, s: PinSubject, ip: string): Promise<void> {
  const issued = await issuePin(ctx, s, ip);
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
 * Checks a PIN against the newest live PIN bound to the subject. A right PIN is used up and
 * clears the wrong-try count; a wrong one counts, and the last allowed wrong try locks PIN
 * sign-in and cancels the live PIN. One short transaction, serialised per document.
 */
async function checkPin(ctx: AppContext, s: PinSubject, pin: string): Promise<VerifyResult> {
  const hash = hashPin(ctx.config.jwtSecret, documentKey(s), pin);
  return ctx.db.transaction(async (tx): Promise<VerifyResult> => {
    const counter = await lockCounter(tx, s);
    if (counter.bloqueado) return { ok: false, lockedUntil: new Date(counter.bloqueadoHasta!) };
    const { rows } = await tx.query<{ id: number; pinHash: string }>(
      `select id, pin_hash as "pinHash" from servicios.pins
        where numero_documento = $2 and tipo_documento = $1 and proposito = $3 and lower(email) = lower($4)
          and used_at is null and revoked_at is null and expires_at > now()
        order by id desc limit 1`,
      [s.tipoDocumento, s.numeroDocumento, s.proposito, s.email],
    );
    const live = rows[0];
    const where = 'where tipo_documento = $1 and numero_documento = $2';
    const doc = [s.tipoDocumento, s.numeroDocumento];
    if (live && sameHash(hash, live.pinHash)) {
      await tx.query('update servicios.pins set used_at = now() where id = $1', [live.id]);
      await tx.query(`update servicios.pin_intentos set fallos = 0, bloqueado_hasta = null ${where}`, doc);
      return { ok: true };
    }
    if (counter.fallos + 1 < PIN_RULES.maxWrongTries) {
      await tx.query(`update servicios.pin_intentos set fallos = fallos + 1 ${where}`, doc);
      return { ok: false, lockedUntil: null };
    }
    const { rows: locked } = await tx.query<{ until: Date }>(
      `update servicios.pin_intentos set fallos = 0, bloqueado_hasta = now() + make_interval(mins => $3)
        ${where} returning bloqueado_hasta as until`,
      [...doc, PIN_RULES.lockMinutes],
    );
    await tx.query(`update servicios.pins set revoked_at = now() ${where} and used_at is null and revoked_at is null`, doc);
    return { ok: false, lockedUntil: new Date(locked[0].until) };
  });
}

/** Accepts the PIN or throws 401 'Código PIN incorrecto' / 429 while locked. */
export async function verifyPin(ctx: AppContext, s: PinSubject, pin: string): Promise<void> {
  const result = await checkPin(ctx, s, pin);
  if (result.ok) return;
  if (result.lockedUntil) throw new HttpError(429, lockedMessage(result.lockedUntil));
  throw new HttpError(401, 'Código PIN incorrecto');
}
