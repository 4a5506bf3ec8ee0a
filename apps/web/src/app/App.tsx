import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { SessionProvider } from '../lib/session';
import { Root } from './Root';
import { theme } from './theme';

/** The user's colour scheme on this device; public/tema.js applies it before the first paint. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'prumo-tema' });

/**
 * The root: what the login page needs. The signed-in shell, its router and its providers load
 * lazily.
 */
export function App() {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
    >
      <SessionProvider>
        <Root />
      </SessionProvider>
    </MantineProvider>
  );
}
