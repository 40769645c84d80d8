import type { ThemeConfig } from 'antd';

/** The portal's look: a sober navy, readable contrast (WCAG AA) on white. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f3a5f',
    colorLink: '#1d4ed8',
    borderRadius: 6,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
