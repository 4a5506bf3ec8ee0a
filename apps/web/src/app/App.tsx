import { MantineProvider } from '@mantine/core';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../lib/session';
import { Root } from './Root';
import { theme } from './theme';

/** The root: what the login page needs. The signed-in shell and its providers load lazily. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <SessionProvider>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </SessionProvider>
    </MantineProvider>
  );
}
