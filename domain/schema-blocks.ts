import { z } from 'zod';
import { LOGIN_MENSAJES } from './login-rules';

/**
 * Building blocks of the declarations' zod schemas, each with its Spanish message: bounded texts,
 * e-mails, phones, ids, images, times of day and weekdays. The form, the server and the tests
 * validate with the schemas made of them.
 */

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** The message of a text longer than `max` characters. */
export const textTooLong = (max: number) => `Admite hasta ${max} caracteres`;
const text = (max: number | undefined, params?: Parameters<typeof z.string>[0]) => (max ? z.string(params).max(max, textTooLong(max)) : z.string(params));

/** A required text: missing, empty or blank → `message`; with `max`, longer → 'Admite hasta N caracteres'. */
export const requiredText = (message: string, max?: number) => z.preprocess(trimmed, text(max, { error: message }).min(1, message));

/** An optional text: empty becomes null; with `max`, longer → 'Admite hasta N caracteres'. */
export const optionalText = (max?: number) => z.preprocess((v) => trimmed(blankToNull(v)), text(max).nullable());

/** A phone: digits, spaces, +, (), - or . with 6 to 15 digits (the same check as the database's). */
export const TELEFONO_OFICINA = /^\+?[0-9 ().-]+$/;
const digitCount = (v: string) => v.match(/\d/g)?.length ?? 0;
/** An optional phone: fewer than 6 digits ('abcdef' too) → `tooFew`; other characters or over 15 digits → `invalid`. */
export const optionalPhone = (tooFew: string, invalid: string) =>
  optionalText()
    .refine((v) => v === null || digitCount(v) >= 6, { message: tooFew, abort: true })
    .refine((v) => v === null || (TELEFONO_OFICINA.test(v) && digitCount(v) <= 15), invalid);

/** The message of an empty required e-mail, in every form (one problem, one message). */
const MENSAJE_EMAIL_OBLIGATORIO = LOGIN_MENSAJES.emailObligatorio;

/** A required e-mail: empty → 'El email es obligatorio'; not an e-mail → `message`. */
export const requiredEmail = (message: string) =>
  z.preprocess(trimmed, z.string({ error: MENSAJE_EMAIL_OBLIGATORIO }).min(1, MENSAJE_EMAIL_OBLIGATORIO).pipe(z.email({ error: message })));

/** An optional e-mail: empty becomes null, otherwise it must be valid. */
export const optionalEmail = (message: string) => z.preprocess((v) => trimmed(blankToNull(v)), z.email({ error: message }).nullable());

/** An optional http(s) URL: empty becomes null. */
export const optionalUrl = (message: string) =>
  z.preprocess((v) => trimmed(blankToNull(v)), z.url({ protocol: /^https?$/, error: message }).nullable());

/** A required id of another row (a select). */
export const requiredId = (message: string) =>
  z.preprocess(blankToNull, z.coerce.number({ error: message }).int(message).positive(message));

/** A required positive whole number: missing → `missing`, anything else invalid → `invalid`. */
export const requiredPositiveInt = (missing: string, invalid: string) =>
  z.preprocess(
    blankToNull,
    z.union([z.number(), z.string()], { error: missing }).pipe(z.coerce.number<string | number>({ error: invalid }).int(invalid).positive(invalid)),
  );

/** An optional positive whole number: empty becomes null. */
export const optionalPositiveInt = (invalid: string) => z.preprocess(blankToNull, z.coerce.number({ error: invalid }).int(invalid).positive(invalid).nullable());

/** An optional image: a data URL read from a file (or an http URL); at most about 1 MB. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const MENSAJE_IMAGEN = 'La imagen no es válida o supera 1 MB';
export const optionalImage = () =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^(data:image\/[a-z0-9.+-]+;base64,|https?:\/\/)/i, MENSAJE_IMAGEN)
      .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 100, MENSAJE_IMAGEN)
      .nullable(),
  );

/** A time of day 'HH:mm' (a stored 'HH:mm:ss' is accepted too). */
export const timeOfDay = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, message);
