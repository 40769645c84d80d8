import { Button, Popconfirm } from 'antd';
import { LogoutOutlined, MailOutlined } from '@ant-design/icons';
import { useCustomMutation, useNotification, useUpdate, type BaseRecord } from '@refinedev/core';
import { serviciosUrl } from '../../../resources/servicios-url';
import personal from '../../../resources/personal';
import { errorDescription } from '../../crud/schema-rules';
import { useResourceMessages } from '../../crud/use-resource-messages';
import { useCalendarInvitation } from './use-calendar-invitation';

/**
 * The staff row's extra actions (spec): Activar/Desactivar and the calendar invitation; and
 * 'Invitar' (issue 30): the portal invitation to the recorded e-mail, whose PIN binds the account;
 * 'Cerrar sesiones': every session of the account ends at once (a lost phone, a leaver).
 */
export default function PersonalAcciones({ record }: { record: BaseRecord }) {
  const { open: notify } = useNotification();
  const messages = useResourceMessages(personal);
  const { mutate, mutation } = useUpdate();
  const invitation = useCalendarInvitation();
  const { mutate: invitar, mutation: invitando } = useCustomMutation();
  const { mutate: cerrarSesiones, mutation: cerrando } = useCustomMutation<{ message: string }>();
  const active = record.is_active === true;

  const toggle = () =>
    mutate(
      { resource: 'personal', id: record.id!, values: { is_active: !active }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => notify?.({ type: 'success', message: active ? 'Miembro del personal desactivado' : 'Miembro del personal activado' }),
        onError: (error) => notify?.({ type: 'error', message: messages.saveError, description: errorDescription(messages, error) }),
      },
    );

  const invitarAlPortal = () =>
    invitar({
      url: serviciosUrl('personas', 'invitarPersonal', { id: record.id }),
      method: 'post',
      values: {},
      successNotification: { type: 'success', message: 'Invitación enviada', description: `Enviada a ${String(record.email ?? '')}` },
      errorNotification: (e) => ({ type: 'error', message: 'No se pudo enviar la invitación', description: e?.message }),
    });

  const cerrarSusSesiones = () =>
    cerrarSesiones({
      url: serviciosUrl('personas', 'cerrarSesionesPersonal', { id: record.id }),
      method: 'delete',
      values: {},
      successNotification: (r) => ({ type: 'success', message: r?.data.message ?? 'Sesiones cerradas' }),
      errorNotification: (e) => ({
        type: 'error',
        message: 'No se pudieron cerrar las sesiones',
        description: e?.statusCode === 404 ? 'Este miembro del personal aún no ha entrado en el portal.' : e?.message,
      }),
    });

  return (
    <>
      {active && record.numero_documento ? (
        <Popconfirm
          title="¿Invitar al portal?"
          description={`Se enviará a ${String(record.email ?? '')}; al registrarse o acceder con su documento y este email tendrá acceso como personal.`}
          okText="Invitar"
          cancelText="Cancelar"
          onConfirm={invitarAlPortal}
        >
          <Button size="small" loading={invitando.isPending}>
            Invitar
          </Button>
        </Popconfirm>
      ) : null}
      <Button size="small" onClick={toggle} loading={mutation.isPending} danger={active}>
        {active ? 'Desactivar' : 'Activar'}
      </Button>
      <Popconfirm
        title="¿Enviar la invitación de calendario?"
        description={`Se enviará a ${String(record.email ?? '')}`}
        okText="Enviar"
        cancelText="Cancelar"
        onConfirm={() =>
          invitation.send({
            notarioId: Number(record.id),
            notarioName: String(record.name ?? ''),
            notarioEmail: String(record.email ?? ''),
            calendarType: String(record.calendar_type ?? 'lovable'),
            notariaName: String((record.notarias as { nombre?: string } | null)?.nombre ?? ''),
          })
        }
      >
        <Button size="small" icon={<MailOutlined />} loading={invitation.sending} aria-label="Enviar invitación de calendario" title="Enviar invitación de calendario">
          Invitación
        </Button>
      </Popconfirm>
      {record.numero_documento ? (
        <Popconfirm
          title="¿Cerrar todas sus sesiones?"
          description="Dejará de tener acceso en todos sus dispositivos hasta que vuelva a entrar."
          okText="Cerrar sesiones"
          cancelText="Cancelar"
          onConfirm={cerrarSusSesiones}
        >
          <Button size="small" icon={<LogoutOutlined />} loading={cerrando.isPending} aria-label="Cerrar sesiones" title="Cerrar sesiones" />
        </Popconfirm>
      ) : null}
    </>
  );
}
