import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, List, Popconfirm, Tag } from 'antd';
import { serviciosCall } from '../../../providers/servicios-http';
import { routes } from '../../../api/routes';
import type { Route } from '../../../domain/route';
import { useToast } from '../../shell/notifications';
import type { SesionVisible } from '../../../domain/acceso';


const METODO: Record<SesionVisible['metodo'], string> = { pin: 'Código PIN', passkey: 'Llave de acceso', certificado: 'Certificado digital' };
const fecha = (iso: string) => new Date(iso).toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'short' });

/** /perfil: the person's open sessions (device, how it signed in, when), and ending any or all the others. */
export default function SesionesAbiertas() {
  const notify = useToast();
  const [sesiones, setSesiones] = useState<SesionVisible[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const cargar = useCallback(() => {
    serviciosCall<SesionVisible[]>(routes.sesiones.list)
      .then(setSesiones)
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(cargar, [cargar]);

  const cerrar = async (route: Route, values: Record<string, unknown> = {}) => {
    try {
      const r = await serviciosCall<{ message?: string } | null>(route, values);
      notify({ type: 'success', message: r?.message ?? 'Sesión cerrada' });
      cargar();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const otras = (sesiones ?? []).filter((s) => !s.actual).length;

  return (
    <Card
      title="Sesiones abiertas"
      data-testid="perfil-sesiones"
      extra={
        otras > 0 && (
          <Popconfirm title="¿Cerrar todas las demás sesiones?" okText="Cerrar" cancelText="Cancelar" onConfirm={() => cerrar(routes.sesiones.endOthers)}>
            <Button>Cerrar las demás sesiones</Button>
          </Popconfirm>
        )
      }
    >
      {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} style={{ marginBottom: 12 }} />}
      <List
        loading={sesiones === null && !error}
        dataSource={sesiones ?? []}
        renderItem={(s) => (
          <List.Item
            actions={
              s.actual
                ? [<Tag key="actual" color="blue">Esta sesión</Tag>]
                : [
                    <Button key="cerrar" size="small" onClick={() => cerrar(routes.sesiones.end, { id: s.id })} aria-label={`Cerrar la sesión de ${s.dispositivo}`}>
                      Cerrar
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={s.dispositivo}
              description={`${METODO[s.metodo]}${s.metodo === 'pin' && s.factorFuerte ? ' y llave de acceso' : ''} · iniciada el ${fecha(s.iniciada)} · último uso el ${fecha(s.ultimoUso)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
