import type { Db } from './db/db.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox
 * (a database table, so every server instance and a restart see the same mail).
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  db: Db;
  log: (m: string) => void;
  production: boolean;
}): Mailer {
  const smtpUrl = opts.smtpUrl;
  if (smtpUrl) {
    // nodemailer loads with the first mail: a server without SMTP (development, tests) never needs it
    let transport: ReturnType<typeof connect> | null = null;
    const connect = () => import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await (transport ??= connect())).sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await opts.db.query(
        'insert into app_meta.outbox(recipient, subject, body, attachments) values ($1, $2, $3, $4)',
        [mail.to, mail.subject, mail.text, JSON.stringify(mail.attachments ?? [])],
      );
      // The text carries PINs and personal data: it reaches the log only in development.
      if (opts.production) opts.log(`[outbox] "${mail.subject}" guardado sin enviar: configure SMTP_URL`);
      else opts.log(`[outbox] to=${mail.to} subject="${mail.subject}"\n${mail.text}`);
    },
  };
}

export async function readOutbox(db: Db, limit = 50) {
  const { rows } = await db.query<{ to: string; subject: string; text: string; sentAt: string; attachments: unknown }>(
    `select recipient as "to", subject, body as "text", sent_at as "sentAt", attachments
       from app_meta.outbox order by id desc limit $1`,
    [limit],
  );
  return rows;
}
