import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Page titles shrink on phones so "Controle de Estoque" fits on one line.
  headings: { sizes: { h1: { fontSize: 'clamp(1.5rem, 5vw, 2.125rem)' } } },
});
