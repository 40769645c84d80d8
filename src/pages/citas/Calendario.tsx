import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';

const DIAS = ['L', 'M', 'X', 'J', 'V', 'S', 'D'];
const ISO = 'YYYY-MM-DD';

/**
 * A month of day buttons, Monday first, with the days before today disabled. One day is in the
 * tab order; the arrow keys move between days (and months), Enter or Space chooses.
 */
export default function Calendario({ value, onChange }: { value?: string; onChange: (date: string) => void }) {
  const today = dayjs().startOf('day');
  const [focused, setFocused] = useState<Dayjs>(value ? dayjs(value) : today);
  const [month, setMonth] = useState<Dayjs>(focused.startOf('month'));
  const moveFocus = useRef(false);
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused.format(ISO)}"]`)?.focus();
  }, [focused, month]);

  const focusDay = (day: Dayjs) => {
    const target = day.isBefore(today) ? today : day;
    moveFocus.current = true;
    setFocused(target);
    if (!target.isSame(month, 'month')) setMonth(target.startOf('month'));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in step) {
      e.preventDefault();
      focusDay(focused.add(step[e.key], 'day'));
    }
  };

  const showMonth = (m: Dayjs) => {
    setMonth(m);
    setFocused(m.isSame(today, 'month') ? today : m);
  };

  const first = month.startOf('month');
  const blanks = (first.day() + 6) % 7; // Monday = 0
  const days = Array.from({ length: month.daysInMonth() }, (_, i) => first.add(i, 'day'));
  const canGoBack = month.isAfter(today, 'month');

  return (
    <div className="calendario">
      <div className="calendario-cabecera">
        <Button
          type="text"
          icon={<LeftOutlined />}
          aria-label="Mes anterior"
          disabled={!canGoBack}
          onClick={() => showMonth(month.subtract(1, 'month'))}
        />
        <strong aria-live="polite" style={{ textTransform: 'capitalize' }}>
          {month.format('MMMM YYYY')}
        </strong>
        <Button type="text" icon={<RightOutlined />} aria-label="Mes siguiente" onClick={() => showMonth(month.add(1, 'month'))} />
      </div>
      <div className="calendario-rejilla" role="group" aria-label="Fecha de la cita" ref={grid} onKeyDown={onKeyDown}>
        {DIAS.map((d) => (
          <span key={d} className="calendario-dia-semana" aria-hidden>
            {d}
          </span>
        ))}
        {Array.from({ length: blanks }, (_, i) => (
          <span key={`b${i}`} />
        ))}
        {days.map((day) => {
          const iso = day.format(ISO);
          const selected = iso === value;
          return (
            <button
              key={iso}
              type="button"
              data-date={iso}
              className={`calendario-dia${selected ? ' seleccionado' : ''}`}
              disabled={day.isBefore(today)}
              tabIndex={day.isSame(focused, 'day') ? 0 : -1}
              aria-pressed={selected}
              aria-label={day.format('dddd, D [de] MMMM [de] YYYY')}
              onFocus={() => setFocused(day)}
              onClick={() => onChange(iso)}
            >
              {day.date()}
            </button>
          );
        })}
      </div>
    </div>
  );
}
