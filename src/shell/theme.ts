import type { ThemeConfig } from 'antd';

/** Readable secondary text: antd's default (45% black, #8c8c8c) is only 3.4:1 on white. */
const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.65)';

/**
 * The portal's look: a sober navy, readable contrast (WCAG AA, 4.5:1, checked by
 * tests/e2e/a11y.spec.ts) on white and on the light page background.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f3a5f',
    colorLink: '#1d4ed8',
    // antd's red (#ff4d4f) is 3.3:1 on white: error messages and danger buttons use red-7
    colorError: '#cf1322',
    // descriptions, hints, empty states and Typography type="secondary"
    colorTextTertiary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    // the text of Tag color="green"/"gold" (green-7/gold-7 are 3.4:1 and 2.9:1 on their tag background)
    green7: '#237804',
    gold7: '#874d00',
    borderRadius: 6,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // a table's empty text ("No hay datos", locale.emptyText) is content, not a disabled control
    Table: { colorTextDisabled: TEXT_SECONDARY },
  },
};
