import { ActionIcon, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { Tema } from '@prumo/shared/configuracoes';
import { usePreferencias, useSalvarTema } from '../api/configuracoes';
import { errorText } from '../lib/error-text';
import { notifyError } from './notify';

/** The signed-in user's theme: applied at once on this device and remembered on the server. */
export function useTema() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const salvar = useSalvarTema();
  const tema: Tema = colorScheme === 'dark' ? 'dark' : 'light';
  const definir = (novo: Tema) => {
    setColorScheme(novo);
    salvar.mutate(novo, {
      onError: (error) => notifyError(errorText('Não foi possível salvar o tema.', error)),
    });
  };
  return { tema, definir };
}

/** Applies the theme the user chose on any device, once the preferences arrive. */
export function useTemaDoUsuario(): void {
  const tema = usePreferencias().data?.tema;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (tema) setColorScheme(tema);
  }, [tema, setColorScheme]);
}

/** The top bar's light/dark switch. */
export function TemaToggle() {
  const { tema, definir } = useTema();
  const rotulo = tema === 'dark' ? 'Usar tema claro' : 'Usar tema escuro';
  return (
    <Tooltip label={rotulo}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={rotulo}
        data-testid="tema-toggle"
        onClick={() => definir(tema === 'dark' ? 'light' : 'dark')}
      >
        {tema === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
