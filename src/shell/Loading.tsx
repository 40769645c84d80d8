import { Spin } from 'antd';

/** Spinner with the text 'Cargando...', for lazy pages and the auth check. */
export default function Loading() {
  return (
    <div role="status" style={{ minHeight: '50vh', display: 'grid', placeContent: 'center', justifyItems: 'center', gap: 12 }}>
      <Spin size="large" />
      <span style={{ color: '#1f3a5f' }}>Cargando...</span>
    </div>
  );
}
