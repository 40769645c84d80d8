import { useState } from 'react';
import { useInvalidateAuthStore, useOne, useUpdate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import type { ZodType } from 'zod';
import { forgetSession } from '../../../providers/auth-provider';
import { session } from '../../../providers/session';
import { nameOrFallback, type Persona } from '../../../domain/persona';
import Privacidad from './Privacidad';
import LlavesAcceso from './LlavesAcceso';
import SesionesAbiertas from './SesionesAbiertas';
import IdentidadPerfil from './IdentidadPerfil';
import { cuerpoActualizacion, perfilFisicaSchema, perfilJuridicaSchema, type CambiosPerfil } from './perfil';

/** An antd form rule from a zod field schema: its first Spanish message. */
const regla = (schema: ZodType): Rule => ({
  validator: async (_, value) => {
    const r = schema.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/** /perfil: the signed-in person's name (editable after 'Editar') and e-mail (read only). */
export default function Perfil() {
  const idPersona = session.get().idPersona ?? '';
  const [editando, setEditando] = useState(false);
  const [form] = Form.useForm<CambiosPerfil>();
  const { result: persona, query } = useOne<Persona>({ resource: 'personas', id: idPersona, queryOptions: { enabled: !!idPersona } });
  const { mutate: actualizar, mutation } = useUpdate<Persona>();
  const invalidarIdentidad = useInvalidateAuthStore();

  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !persona) return <Alert type="error" showIcon message="No se pudieron cargar los datos" />;

  const juridica = persona.tipoPersona === 'JURIDICA';

  const guardar = (cambios: CambiosPerfil) =>
    actualizar(
      {
        resource: 'personas',
        id: idPersona,
        values: cuerpoActualizacion(persona, cambios),
        successNotification: { type: 'success', message: 'Datos actualizados' },
        errorNotification: (err) => ({
          type: 'error',
          message: 'Error',
          description: err?.message || 'No se pudieron guardar los cambios. Inténtalo de nuevo.',
        }),
      },
      {
        onSuccess: async () => {
          setEditando(false);
          // the header greeting reads the person through the auth provider's cache
          forgetSession();
          await invalidarIdentidad();
        },
      },
    );

  const editar = () => {
    form.setFieldsValue(
      juridica
        ? { razonSocial: persona.razonSocial ?? '' }
        : { nombre: persona.nombre ?? '', primerApellido: persona.primerApellido ?? '', segundoApellido: persona.segundoApellido ?? '' },
    );
    setEditando(true);
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Perfil
      </Typography.Title>
      <IdentidadPerfil />
      <Card
        title="Mis datos"
        extra={
          !editando && (
            <Button icon={<EditOutlined />} onClick={editar}>
              Editar
            </Button>
          )
        }
      >
        <Form form={form} layout="vertical" onFinish={guardar} disabled={mutation.isPending}>
          {!editando ? (
            <Form.Item label="Nombre">
              <Typography.Text strong data-testid="perfil-nombre">
                {nameOrFallback(persona)}
              </Typography.Text>
            </Form.Item>
          ) : juridica ? (
            <Form.Item name="razonSocial" label="Razón social" rules={[regla(perfilJuridicaSchema.shape.razonSocial)]}>
              <Input autoFocus autoComplete="organization" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="nombre" label="Nombre" rules={[regla(perfilFisicaSchema.shape.nombre)]}>
                <Input autoFocus autoComplete="given-name" />
              </Form.Item>
              <Form.Item name="primerApellido" label="Primer apellido" rules={[regla(perfilFisicaSchema.shape.primerApellido)]}>
                <Input autoComplete="family-name" />
              </Form.Item>
              <Form.Item name="segundoApellido" label="Segundo apellido" rules={[regla(perfilFisicaSchema.shape.segundoApellido)]}>
                <Input />
              </Form.Item>
            </>
          )}
          <Form.Item label="Email" htmlFor="perfil-email" extra="El email no se puede modificar desde el perfil.">
            <Input id="perfil-email" value={persona.email ?? ''} readOnly disabled={false} variant="filled" />
          </Form.Item>
          {editando && (
            <Space>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                Guardar
              </Button>
              <Button onClick={() => setEditando(false)} disabled={mutation.isPending}>
                Cancelar
              </Button>
            </Space>
          )}
        </Form>
      </Card>
      <Privacidad />
      <LlavesAcceso />
      <SesionesAbiertas />
    </Space>
  );
}
