import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from 'antd';
import { foldText } from '../../domain/text';

/** How long the list stays open after the input loses focus, so a click on an option still lands. */
export const CLOSE_DELAY_MS = 150;

const fold = (s: string) => foldText(s).trim();

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  options: string[];
  placeholder?: string;
  emptyText: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

/**
 * A text input with a filtered list of options (the country picker). Only a listed option is
 * kept: on leaving, typed text that names an option selects it, anything else reverts.
 * Keyboard: arrows move, Enter chooses, Escape closes.
 */
export default function Autocompletar({ id, value, onChange, options, placeholder, emptyText, disabled, ...aria }: Props) {
  const listId = useId();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  // The chosen value shows the whole list; typing filters it.
  const filtered = text && text !== value ? options.filter((o) => fold(o).includes(fold(text))) : options;

  const choose = (option: string) => {
    if (closeTimer.current) clearTimeout(closeTimer.current); // the click follows the blur
    setText(option);
    setOpen(false);
    onChange?.(option);
  };

  // settle runs from a timer: read the newest text and value, not the ones of the blur's render
  const latest = useRef({ text, value });
  latest.current = { text, value };
  const settle = () => {
    const { text, value } = latest.current;
    setOpen(false);
    const exact = options.find((o) => fold(o) === fold(text));
    if (exact) {
      if (exact !== value) onChange?.(exact);
      setText(exact);
    } else if (!text.trim()) {
      onChange?.(undefined);
    } else {
      setText(value ?? '');
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (filtered.length ? (i + step + filtered.length) % filtered.length : 0));
    } else if (e.key === 'Enter' && open && filtered[active]) {
      e.preventDefault();
      choose(filtered[active]);
    } else if (e.key === 'Escape' && open) {
      // Escape closes the list only, not the dialog around the form
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="pf-autocomplete">
      <Input
        id={id}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && filtered[active] ? `${listId}-${active}` : undefined}
        aria-invalid={aria['aria-invalid']}
        onFocus={() => {
          if (closeTimer.current) clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          closeTimer.current = setTimeout(settle, CLOSE_DELAY_MS);
        }}
      />
      {open && (
        <ul className="pf-autocomplete-list" id={listId} role="listbox">
          {filtered.length === 0 ? (
            <li className="pf-autocomplete-empty" role="presentation">
              {emptyText}
            </li>
          ) : (
            filtered.map((option, i) => (
              <li
                key={option}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={option === value}
                className={i === active ? 'pf-autocomplete-option is-active' : 'pf-autocomplete-option'}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(option)}
              >
                {option}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
