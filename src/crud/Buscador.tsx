import { useRef } from 'react';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import './buscador.css';

interface Props {
  value: string;
  onChange: (texto: string) => void;
  placeholder: string;
  /** The field's accessible name (the list filters as one types; there is no submit). */
  label: string;
  className?: string;
  /** 'warning': the border of antd's warning status (the text is not searchable yet). */
  status?: 'warning';
  'aria-describedby'?: string;
}

/**
 * A search field with the look of antd's Input.Search (allowClear): a plain input, a clear button
 * while it holds text and the search icon after it. A list's first screen shows it without loading
 * antd's input family (rc-input, rc-textarea, the form context) for a field that only filters.
 */
export default function Buscador({ value, onChange, placeholder, label, className, status, ...rest }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={['buscador', status === 'warning' ? 'buscador-aviso' : '', className ?? ''].filter(Boolean).join(' ')}>
      <span className="buscador-caja">
        <input
          ref={input}
          type="search"
          className="buscador-input"
          placeholder={placeholder}
          aria-label={label}
          aria-describedby={rest['aria-describedby']}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            // Escape empties the field, as the browser does for type="search"
            if (e.key === 'Escape' && value) onChange('');
          }}
        />
        {value && (
          // out of the tab order like antd's clear icon: Escape or deleting does the same from the keyboard
          <button
            type="button"
            tabIndex={-1}
            className="buscador-borrar"
            aria-label="Borrar búsqueda"
            onClick={() => {
              onChange('');
              input.current?.focus();
            }}
          >
            <CloseCircleFilled />
          </button>
        )}
      </span>
      <span className="buscador-icono" aria-hidden="true">
        <SearchOutlined />
      </span>
    </div>
  );
}
