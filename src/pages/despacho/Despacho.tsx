import { useState } from 'react';
import { Link } from 'react-router';
import { useNavigation, useTable } from '@refinedev/core';
import { Button, Space, Tag } from 'antd';
import { usePantalla } from '../../crud/use-pantalla';
import Buscador from '../../crud/Buscador';
import { useFiltroDiferido } from '../../crud/use-filtro-diferido';
import { CalendarOutlined } from '@ant-design/icons';
import type { DespachoExpediente, DespachoLista } from '../../../domain/despacho';
import { busquedaServible, MENSAJES_LISTA_DESPACHO, VENTANA_BUSQUEDA, VENTANA_DESPACHO } from '../../../domain/despacho-rules';
import { groupThousands } from '../../../domain/text';
import { despachoExpedientes } from '../../../resources/despacho';
import { formatoFecha } from '../../expediente/formato';
import { COLOR_ESTADO, etiquetaEstado } from './datos';
import SoloPersonal from './SoloPersonal';
import Tabla, { tablaDeRefine } from '../../crud/Tabla';
import Paginas from '../../crud/Paginas';
import CopiasPorAtender from './CopiasPorAtender';
import ConflictosIdentidad from './ConflictosIdentidad';
import './despacho.css';
import { Titulo } from '../../crud/Titulo';
import Tarjeta from '../../crud/Tarjeta';
import Vacio from '../../crud/Vacio';
import EnCarga from '../../crud/EnCarga';
import { pathOf, subpages } from '../../paths';

type Filtro = '' | 'PENDIENTE' | 'EN_TRAMITE' | 'FINALIZADO';

/** /despacho: the cases of my notarías, paged and filtered by the server, with counters per estado. */
/** A count with antd Badge's look (red, or blue in the table), as plain text: no Badge code and motion. */
function Cuenta({ n, title, azul }: { n: number; title?: string; azul?: boolean }) {
  return (
    <span className={azul ? 'desp-cuenta desp-cuenta-azul' : 'desp-cuenta'} title={title ?? String(n)}>
      {n > 99 ? '99+' : n}
    </span>
  );
}

/**
 * antd Segmented's look as a group of native radio buttons (arrow keys move and choose, as in
 * antd's), without Segmented's code and motion on the first screen.
 */
function Segmentos({ value, onChange, label, options }: { value: Filtro; onChange: (v: Filtro) => void; label: string; options: { value: Filtro; label: string }[] }) {
  return (
    <div role="radiogroup" aria-label={label} className="desp-segmentos">
      {options.map((o) => (
        <label key={o.value} className={o.value === value ? 'desp-segmento desp-segmento-activo' : 'desp-segmento'} title={o.label}>
          <input type="radio" name="desp-estado" value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </div>
  );
}

export default function Despacho() {
  return (
    <SoloPersonal>
      <ListaDespacho />
    </SoloPersonal>
  );
}

function ListaDespacho() {
  const { show } = useNavigation();
  const movil = usePantalla().md === false;
  const [estado, setEstado] = useState<Filtro>('');
  const [texto, setTexto] = useState('');
  // a search shorter than what the server can look up is not sent: the list stays as it was and a hint says why
  const busqueda = texto.trim();
  const busquedaCorta = busqueda !== '' && !busquedaServible(busqueda);
  const [vencidos, setVencidos] = useState(false);

  const tabla = useTable<DespachoExpediente>({
    resource: despachoExpedientes.name,
    pagination: { mode: 'server', pageSize: 20 },
    filters: { mode: 'server' },
    sorters: { mode: 'off' },
    syncWithLocation: false,
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar los expedientes del despacho' },
  });
  const { setFilters, tableQuery } = tabla;
  const lista = tablaDeRefine(tabla, { simple: movil, align: movil ? 'center' : 'end' });

  // the client filter goes to the server a moment after typing stops; estado and order at once
  useFiltroDiferido(
    () =>
      setFilters(
        [
          { field: 'estado', operator: 'eq', value: estado },
          { field: 'q', operator: 'contains', value: busquedaCorta ? '' : busqueda },
          { field: 'orden', operator: 'eq', value: vencidos ? 'vencimiento' : '' },
        ],
        'replace',
      ),
    [estado, busqueda, busquedaCorta, vencidos],
  );

  const respuesta = tableQuery.data as Partial<DespachoLista> | undefined;
  const contadores = respuesta?.contadores;
  const n = (k: keyof NonNullable<typeof contadores>) => (contadores ? ` (${contadores[k]})` : '');
  const todos = contadores ? contadores.PENDIENTE + contadores.EN_TRAMITE + contadores.FINALIZADO : undefined;
  const abrir = (row: DespachoExpediente) => show(despachoExpedientes.name, row.id);

  const estadoTag = (row: DespachoExpediente) => (
    <Space size={4} wrap>
      <Tag color={COLOR_ESTADO[row.estado as keyof typeof COLOR_ESTADO]}>{etiquetaEstado(row.estado)}</Tag>
      {row.vencido && <Tag color="red">Vencido</Tag>}
    </Space>
  );
  const vacio = <Vacio description={(busqueda && !busquedaCorta) || estado ? 'Ningún expediente coincide con el filtro' : 'Aún no hay expedientes en sus notarías'} />;

  return (
    <div className="desp-pagina">
      <div className="desp-titulo">
        <Titulo>Despacho</Titulo>
        <Link to={pathOf('despacho-citas')}>
          <Button icon={<CalendarOutlined />}>Citas de la notaría</Button>
        </Link>
        <Link to={subpages.privacidadDespacho}>
          <Button>Solicitudes de protección de datos</Button>
        </Link>
      </div>
      <CopiasPorAtender />
      <ConflictosIdentidad />
      <Segmentos
        value={estado}
        onChange={setEstado}
        label="Filtrar por estado"
        options={[
          { value: '', label: `Todos${todos === undefined ? '' : ` (${todos})`}` },
          { value: 'PENDIENTE', label: `Pendiente${n('PENDIENTE')}` },
          { value: 'EN_TRAMITE', label: `En trámite${n('EN_TRAMITE')}` },
          { value: 'FINALIZADO', label: `Finalizado${n('FINALIZADO')}` },
        ]}
      />
      <div className="desp-filtros">
        <Buscador
          className="desp-buscar"
          placeholder="Buscar cliente por nombre o documento..."
          label="Buscar cliente por nombre o documento"
          value={texto}
          onChange={setTexto}
          status={busquedaCorta ? 'warning' : undefined}
          aria-describedby={busquedaCorta ? 'desp-buscar-aviso' : undefined}
        />
        <label className="desp-vencidos">
          {/* antd's Switch look and markup (a button with role="switch"), without its code on the first screen */}
          <button type="button" role="switch" aria-checked={vencidos} aria-label="Vencidos primero" className="desp-switch" onClick={() => setVencidos(!vencidos)} />{' '}
          Vencidos primero
        </label>
      </div>
      {busquedaCorta && (
        <div id="desp-buscar-aviso" className="desp-aviso" role="status">
          {MENSAJES_LISTA_DESPACHO.busquedaCorta}
        </div>
      )}
      {respuesta?.totalAcotado && (
        <div className="desp-aviso" role="status">
          Se muestran los {groupThousands(busqueda && !busquedaCorta ? VENTANA_BUSQUEDA : VENTANA_DESPACHO)} primeros expedientes; filtre por estado o escriba más del nombre o del documento para acotar la lista
        </div>
      )}
      {movil ? (
        // on a phone one card per case, the whole card opens it
        <EnCarga loading={lista.loading}>
          {lista.dataSource.length === 0 ? (
            !lista.loading && vacio
          ) : (
            <ul className="desp-tarjetas">
              {lista.dataSource.map((row) => (
                <li key={row.id}>
                  <Tarjeta className="desp-tarjeta" hoverable onClick={() => abrir(row)} role="link" tabIndex={0} aria-label={`Abrir expediente ${row.titulo}`}
                    onKeyDown={(e) => e.key === 'Enter' && abrir(row)}>
                    <div className="desp-tarjeta-titulo">{row.titulo}</div>
                    <div className="desp-tarjeta-cliente">
                      {row.clienteNombre}
                      {row.clienteDocumento ? ` · ${row.clienteDocumento}` : ''}
                    </div>
                    <div className="desp-tarjeta-pie">
                      {estadoTag(row)}
                      <span>Vence: {formatoFecha(row.dueDate)}</span>
                      {row.actosEnviados > 0 && (
                        <span className="desp-cuenta-etiquetada">
                          Actos enviados <Cuenta n={row.actosEnviados} azul />
                        </span>
                      )}
                    </div>
                  </Tarjeta>
                </li>
              ))}
            </ul>
          )}
          {lista.pagination.total > 0 && <Paginas {...lista.pagination} />}
        </EnCarga>
      ) : (
        <Tabla<DespachoExpediente>
          {...lista}
          rowKey="id"
          rowClassName="desp-fila"
          minWidth={900}
          emptyText={vacio}
          onRow={(row) => ({
            onClick: () => abrir(row),
            onKeyDown: (e) => {
              if (e.key === 'Enter') abrir(row);
            },
            tabIndex: 0,
            'aria-label': `Abrir expediente ${row.titulo}`,
          })}
          columns={[
            {
              title: 'Cliente',
              key: 'cliente',
              render: (_, row) => (
                <>
                  {row.clienteNombre}
                  {row.clienteDocumento && <span className="desp-secundario">{row.clienteDocumento}</span>}
                </>
              ),
            },
            { title: 'Título', dataIndex: 'titulo', key: 'titulo' },
            { title: 'Notaría', dataIndex: 'notariaNombre', key: 'notariaNombre' },
            { title: 'Estado', key: 'estado', render: (_, row) => estadoTag(row) },
            {
              title: 'Actos enviados',
              dataIndex: 'actosEnviados',
              key: 'actosEnviados',
              render: (v: number) => (v > 0 ? <Cuenta n={v} azul /> : '—'),
            },
            { title: 'Vencimiento', dataIndex: 'dueDate', key: 'dueDate', render: formatoFecha },
            { title: 'Fecha alta', dataIndex: 'fechaAlta', key: 'fechaAlta', render: formatoFecha },
          ]}
        />
      )}
    </div>
  );
}
