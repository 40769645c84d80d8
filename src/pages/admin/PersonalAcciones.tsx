import { Button, Popconfirm } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useCustomMutation, useNotification, useUpdate, type BaseRecord } from '@refinedev/core';
import { serviciosUrl } from '../../../resources/servicios-url';
import personal from '../../../resources/personal';
import { errorDescription } from '../../crud/schema-rules';
import { useResourceMessages } from '../../crud/use-resource-messages';
import { useCalendarInvitation } from './use-calendar-invitation';

/**
 * The staff row's extra actions (spec): Activar/Desactivar and the calendar invitation; and
 * 'Invitar' (issue 30): the portal invitation to the recorded e-mail, whose PIN binds the account.
 */
export default function PersonalAcciones({ record }: { record: BaseRecord }) {
  const { open: notify } = useNotification();
  const messages = useResourceMessages(personal);
  const { mutate, mutation } = useUpdate();
  const invitation = useCalendarInvitation();
  const { mutate: invitar, mutation: invitando } = useCustomMutation();
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
    </>
  );
}
