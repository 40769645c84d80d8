import { Alert, Button, Empty, Spin, Tabs, Typography } from 'antd';
import { TEXTOS_CITAS, TIPOS_CITA, fechaEs, type TipoCita } from '../../../domain/citas-rules';
import Calendario from './Calendario';
import './citas.css';

interface Props {
  type: TipoCita;
  onType: (type: TipoCita) => void;
  date?: string;
  onDate: (date: string) => void;
  time?: string;
  onTime: (time: string) => void;
  slots: string[];
  loading: boolean;
  error: boolean;
}

/** The date-and-time step: tabs Presencial / Online, a calendar without past days and the free times. */
export default function FechaHora({ type, onType, date, onDate, time, onTime, slots, loading, error }: Props) {
  const horas = !date ? (
    <Typography.Text type="secondary">Seleccione una fecha para ver las horas disponibles</Typography.Text>
  ) : loading ? (
    <Spin />
  ) : error ? (
    <Alert type="error" showIcon message="No se pudieron cargar las horas disponibles" />
  ) : slots.length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXTOS_CITAS.sinHoras} />
  ) : (
    <div className="cita-horas-lista" role="group" aria-label={`Horas disponibles el ${fechaEs(date)}`}>
      {slots.map((slot) => (
        <Button key={slot} type={slot === time ? 'primary' : 'default'} aria-pressed={slot === time} onClick={() => onTime(slot)}>
          {slot}
        </Button>
      ))}
    </div>
  );

  return (
    <>
      <Tabs
        activeKey={type}
        onChange={(key) => onType(key as TipoCita)}
        items={TIPOS_CITA.map((t) => ({ key: t.value, label: t.label }))}
      />
      <div className="cita-fecha-hora">
        <Calendario value={date} onChange={onDate} />
        <div className="cita-horas">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Horas disponibles
          </Typography.Title>
          {horas}
        </div>
      </div>
    </>
  );
}
