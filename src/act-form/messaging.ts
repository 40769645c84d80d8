import { acceptMessage, buildMessage, type IframeMessage } from '../../domain/iframe-messages';

/**
 * The form's side of the protocol: it talks only to the window that framed it, at the origin
 * the portal named (?parentOrigin=..., by default this page's own origin).
 */
export const parentOrigin = (() => {
  const named = new URLSearchParams(window.location.search).get('parentOrigin');
  try {
    return named ? new URL(named).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
})();

export function sendToPortal(type: string, payload: Record<string, unknown> = {}) {
  if (window.parent === window) return; // opened on its own: nobody to talk to
  window.parent.postMessage(buildMessage(type, payload), parentOrigin);
}

/** Listens for the portal's messages; everything else is ignored with a warning. */
export function onPortalMessage(handler: (m: IframeMessage) => void): () => void {
  const listener = (event: MessageEvent) => {
    const message = acceptMessage(event, { origin: parentOrigin, source: window.parent === window ? null : window.parent });
    if (message) handler(message);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
