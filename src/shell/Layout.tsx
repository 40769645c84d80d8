import type { ReactNode } from 'react';
import { Layout as AntLayout } from 'antd';

/** The signed-in frame: header, navigation and the page. */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      <AntLayout.Content style={{ padding: 24 }}>{children}</AntLayout.Content>
    </AntLayout>
  );
}
