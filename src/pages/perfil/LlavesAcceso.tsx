import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Input, List, Popconfirm, Space, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { serviciosCall } from '../../../providers/servicios-http';
import { routes } from '../../../api/routes';
import { anadirLlave } from '../../../providers/llave-acceso';
import { useToast } from '../../shell/notifications';
import type { Llave } from '../../../domain/acceso';


const fecha = (iso: string) => new Date(iso).toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'short' });

/** /perfil: the person's passkeys, named, listed and removable; a new one added here. */
export default function LlavesAcceso() {
  const notify = useToast();
  const [llaves, setLlaves] = useState<Llave[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nombre, setNombre] = useState('');
  const [busy, setBusy] = useState(false);

  const cargar = useCallback(() => {
    serviciosCall<Llave[]>(routes.llaves.list)
      .then(setLlaves)
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(cargar, [cargar]);

  const anadir = async () => {
    if (!nombre.trim()) return setError('Indique un nombre para la llave de acceso');
    setBusy(true);
    setError(null);
    try {
      await anadirLlave(nombre.trim());
      setNombre('');
      notify({ type: 'success', message: 'Llave de acceso añadida' });
      cargar();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const eliminar = async (llave: Llave) => {
    try {
      await serviciosCall(routes.llaves.remove, { id: llave.id });
      notify({ type: 'success', message: 'Llave de acceso eliminada' });
      cargar();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Card title="Llaves de acceso" data-testid="perfil-llaves">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Con una llave de acceso (la de este dispositivo, su móvil o una llave de seguridad) accede sin código y confirma las acciones
          importantes.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} />}
        {/* its own text: antd's empty list is too pale (contrast 1.8:1) */}
        {llaves?.length === 0 && <Typography.Paragraph style={{ margin: 0 }}>No tiene llaves de acceso.</Typography.Paragraph>}
        <List
          loading={llaves === null && !error}
          dataSource={llaves ?? []}
          locale={{ emptyText: ' ' }}
          style={llaves?.length === 0 ? { display: 'none' } : undefined}
          renderItem={(l) => (
            <List.Item
              actions={[
                <Popconfirm key="eliminar" title="¿Eliminar esta llave de acceso?" okText="Eliminar" cancelText="Cancelar" onConfirm={() => eliminar(l)}>
                  <Button danger size="small" aria-label={`Eliminar ${l.nombre}`}>
                    Eliminar
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<KeyOutlined />}
                title={l.nombre}
                description={`Añadida el ${fecha(l.creada)}${l.ultimoUso ? ` · último uso el ${fecha(l.ultimoUso)}` : ''}`}
              />
            </List.Item>
          )}
        />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label="Nombre de la nueva llave"
            placeholder="Nombre de la nueva llave (p. ej. Portátil del despacho)"
            maxLength={60}
            value={nombre}
            onChange={(e) => setNombre(e.target.value)}
            onPressEnter={anadir}
          />
          <Button type="primary" loading={busy} onClick={anadir}>
            Añadir llave de acceso
          </Button>
        </Space.Compact>
      </Space>
    </Card>
  );
}
