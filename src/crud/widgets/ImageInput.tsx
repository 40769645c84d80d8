import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_MAX_BYTES } from '../../../domain/schema-blocks';

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  label: string;
  id?: string;
}

/** An optional image chosen from a file and kept as a data URL. */
export default function ImageInput({ value, onChange, label, id }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const read = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setProblem('El archivo no es una imagen');
    if (file.size > IMAGE_MAX_BYTES) return setProblem('La imagen no puede superar 1 MB');
    const reader = new FileReader();
    reader.onload = () => onChange?.(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => setProblem('No se pudo leer la imagen');
    reader.readAsDataURL(file);
  };

  return (
    <Space direction="vertical" id={id}>
      {value && <img src={value} alt={`Vista previa: ${label}`} style={{ maxWidth: 160, maxHeight: 120, objectFit: 'contain' }} />}
      <Space wrap>
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {value ? 'Cambiar imagen' : 'Seleccionar imagen'}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            Quitar imagen
          </Button>
        )}
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={label}
        style={{ display: 'none' }}
        onChange={(e) => {
          read(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Space>
  );
}
