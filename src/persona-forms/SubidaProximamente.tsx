import { Button, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

/** A document upload that is not available yet: choosing a file does nothing. */
export default function SubidaProximamente({ etiqueta }: { etiqueta: string }) {
  return (
    <div className="pf-upload">
      <Typography.Text strong>{etiqueta}</Typography.Text>
      <Upload beforeUpload={() => Upload.LIST_IGNORE} showUploadList={false} accept="image/*,application/pdf">
        <Button icon={<UploadOutlined />} size="small" aria-label={`Subir ${etiqueta}`}>
          Seleccionar archivo
        </Button>
      </Upload>
      <Typography.Text type="secondary" className="pf-upload-note">
        Funcionalidad próximamente disponible
      </Typography.Text>
    </div>
  );
}
