import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The portal's reading of GET /eventos (providers/live-stream.ts): a change that may have been
 * missed, said by the server (`recargar`) or seen as a skipped position, makes every subscription
 * ask again; changes in sequence are delivered as they are.
 */
function flujoDe(texto: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(texto));
      // the stream stays open: the test closes the reader
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

const cambio = (id: number, expedienteId: string) => `id: ${id}\nevent: cambio\ndata: ${JSON.stringify({ expedienteId, recursos: ['mensajes'], tipo: 'created' })}\n\n`;

async function leer(texto: string) {
  const store = new Map<string, string>([['auth_token', 'token']]);
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
  vi.stubGlobal('fetch', vi.fn(async () => flujoDe(texto)));
  const { abrirFlujo } = await import('../../providers/live-stream');
  const visto = { cambios: [] as string[], recargas: 0, abierto: 0 };
  const flujo = abrirFlujo({
    onCambio: (c) => visto.cambios.push(c.expedienteId),
    onRecargar: () => visto.recargas++,
    onAbierto: () => visto.abierto++,
    onCaido: () => undefined,
  });
  await vi.waitFor(() => expect(visto.abierto).toBe(1));
  await new Promise((r) => setTimeout(r, 50));
  flujo.cerrar();
  return visto;
}

afterEach(() => vi.unstubAllGlobals());

describe('the live stream in the portal', () => {
  it('delivers changes in sequence as they are', async () => {
    const visto = await leer(`event: listo\ndata: {}\n\n${cambio(1, 'a')}${cambio(2, 'b')}`);
    expect(visto).toMatchObject({ cambios: ['a', 'b'], recargas: 0 });
  });

  it('a skipped position asks for everything again', async () => {
    const visto = await leer(`event: listo\ndata: {}\n\n${cambio(1, 'a')}${cambio(3, 'c')}${cambio(4, 'd')}`);
    expect(visto).toMatchObject({ cambios: ['a', 'd'], recargas: 1 });
  });

  it("the server's recargar asks for everything again", async () => {
    const visto = await leer(`event: listo\ndata: {}\n\n${cambio(1, 'a')}id: 2\nevent: recargar\ndata: {}\n\n${cambio(3, 'c')}`);
    expect(visto).toMatchObject({ cambios: ['a', 'c'], recargas: 1 });
  });
});
