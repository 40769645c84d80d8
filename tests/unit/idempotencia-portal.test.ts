/**
 * The portal's side of Idempotency-Key (issue 35, item 1): one submission, one key.
 */
import { describe, expect, it } from 'vitest';
import { conClave } from '../../providers/idempotencia';

const claveDe = (metodo: string, url: string, cuerpo: unknown, espera: Promise<unknown> = Promise.resolve()) => {
  let vista: string | undefined;
  const hecho = conClave(metodo, url, cuerpo, async (clave) => {
    vista = clave;
    await espera;
    return 'ok';
  });
  return { hecho, clave: () => vista };
};

describe('conClave', () => {
  it('the same write pressed twice while the first is unanswered carries the same key', async () => {
    let responder!: () => void;
    const espera = new Promise<void>((r) => (responder = r));
    const a = claveDe('POST', '/copias', '{"motivo":"x"}', espera);
    const b = claveDe('POST', '/copias', '{"motivo":"x"}', espera);
    expect(a.clave()).toBeTruthy();
    expect(b.clave()).toBe(a.clave());
    responder();
    await Promise.all([a.hecho, b.hecho]);
  });

  it('once answered, the next identical write is a new submission; another body another key', async () => {
    const a = claveDe('POST', '/mensajes', '{"texto":"ok"}');
    await a.hecho;
    const b = claveDe('POST', '/mensajes', '{"texto":"ok"}');
    await b.hecho;
    expect(b.clave()).not.toBe(a.clave());
    const c = claveDe('POST', '/mensajes', '{"texto":"otro"}');
    await c.hecho;
    expect(c.clave()).not.toBe(b.clave());
  });

  it('a write that got no answer (network failure) is sent again with its key', async () => {
    let primera: string | undefined;
    await expect(
      conClave('POST', '/citas', '{"a":1}', async (clave) => {
        primera = clave;
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow(TypeError);
    const again = claveDe('POST', '/citas', '{"a":1}');
    await again.hecho;
    expect(again.clave()).toBe(primera);
  });

  it('reads carry no key', async () => {
    const a = claveDe('GET', '/citas', undefined);
    await a.hecho;
    expect(a.clave()).toBeUndefined();
  });
});
