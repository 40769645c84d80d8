import { Spin } from 'antd';

/** Spinner with the spec's 'Cargando...' text, for lazy pages and the auth check. */
export default function Loading() {
  return (
    <div style={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip="Cargando..." fullscreen={false}>
        <div style={{ padding: 48 }} />
      </Spin>
      <span className="sr-only">Cargando...</span>
    </div>
  );
}
