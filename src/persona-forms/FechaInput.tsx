import { Input, type InputProps } from 'antd';
import { DATE_INPUT_LENGTH, maskDateInput } from '../../domain/dates';

/** A dd/mm/yyyy text input: slashes are inserted while typing, at most 10 characters. */
export default function FechaInput({ value, onChange, ...rest }: Omit<InputProps, 'onChange' | 'value'> & { value?: string; onChange?: (v: string) => void }) {
  return (
    <Input
      {...rest}
      value={value}
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      maxLength={DATE_INPUT_LENGTH}
      autoComplete="off"
      onChange={(e) => onChange?.(maskDateInput(e.target.value))}
    />
  );
}
