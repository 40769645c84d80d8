import { describe, expect, it, vi } from 'vitest';
import { acceptMessage, buildMessage, FORM_SUBMIT } from '../../domain/iframe-messages';

const frame = { name: 'iframe window' };
const expected = { origin: 'https://portal.example', source: frame };
const event = (over: Partial<{ origin: string; source: unknown; data: unknown }> = {}) =>
  ({ origin: 'https://portal.example', source: frame, data: { type: FORM_SUBMIT, timestamp: 1_700_000_000_000 }, ...over }) as MessageEvent;

describe('message validator', () => {
  it('accepts an object with type and timestamp from the expected origin and window', () => {
    const warn = vi.fn();
    expect(acceptMessage(event(), expected, warn)).toEqual({ type: FORM_SUBMIT, timestamp: 1_700_000_000_000 });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['wrong origin', event({ origin: 'https://evil.example' })],
    ['origin that only starts the same', event({ origin: 'https://portal.example.evil.example' })],
    ['wrong source', event({ source: { name: 'another window' } })],
    ['no source', event({ source: null })],
    ['missing type', event({ data: { timestamp: 1 } })],
    ['empty type', event({ data: { type: '', timestamp: 1 } })],
    ['missing timestamp', event({ data: { type: FORM_SUBMIT } })],
    ['timestamp as text', event({ data: { type: FORM_SUBMIT, timestamp: '1' } })],
    ['a string', event({ data: 'FORM_SUBMIT' })],
    ['null', event({ data: null })],
    ['an array', event({ data: [FORM_SUBMIT, 1] })],
  ])('ignores %s with a warning', (_name, e) => {
    const warn = vi.fn();
    expect(acceptMessage(e, expected, warn)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('refuses everything when the expected window is not known yet', () => {
    const warn = vi.fn();
    expect(acceptMessage(event({ source: undefined }), { ...expected, source: undefined }, warn)).toBeNull();
  });

  it('builds messages with type and a current timestamp', () => {
    const m = buildMessage(FORM_SUBMIT, { datosFormulario: {} });
    expect(m.type).toBe(FORM_SUBMIT);
    expect(Math.abs(m.timestamp - Date.now())).toBeLessThan(1000);
    expect(acceptMessage({ origin: expected.origin, source: frame, data: m }, expected, () => undefined)).toBe(m);
  });
});
