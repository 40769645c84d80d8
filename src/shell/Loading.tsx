/**
 * A spinning ring in the portal's navy. Drawn with CSS (global.css): antd's Spin would bring
 * ~5 KB Brotli to the first page of every visitor (the landing, /login) for a Suspense fallback.
 */
export function Spinner({ size = 32, className }: { size?: number; className?: string }) {
  return <span className={className ? `portal-spinner ${className}` : 'portal-spinner'} style={{ width: size, height: size }} aria-hidden />;
}

/** Spinner with the text 'Cargando...', for lazy pages and the auth check. */
export default function Loading() {
  return (
    <div role="status" style={{ minHeight: '50vh', display: 'grid', placeContent: 'center', justifyItems: 'center', gap: 12 }}>
      <Spinner />
      <span style={{ color: '#1f3a5f' }}>Cargando...</span>
    </div>
  );
}
