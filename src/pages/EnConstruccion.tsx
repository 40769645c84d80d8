import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

/** Honest placeholder for a page that is not built yet. */
export default function EnConstruccion({ title }: { title?: string }) {
  return <Result icon={<ToolOutlined />} title={title ?? 'En construcción'} subTitle="En construcción" />;
}
