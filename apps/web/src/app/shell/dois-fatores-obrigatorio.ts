import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DOIS_FATORES_MESSAGES } from '@prumo/shared/auth';
import { ApiError } from '../../lib/api-client';

/**
 * The company requires two factors and this user has none yet: every call but the Perfil's and
 * the shell's answers 403 DOIS_FATORES_OBRIGATORIO. The query client reports those answers here,
 * and the shell sends the user to /perfil, where the setup is, with the reason.
 */
let aoExigir: (() => void) | null = null;

export function avisarSeDoisFatoresObrigatorio(error: unknown): void {
  if (error instanceof ApiError && error.code === 'DOIS_FATORES_OBRIGATORIO') aoExigir?.();
}

export const PERFIL_PATH = '/perfil';

export function useDoisFatoresObrigatorio(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    aoExigir = () => {
      notifications.show({
        id: 'dois-fatores-obrigatorio',
        color: 'orange',
        title: 'Autenticação em dois fatores',
        message: DOIS_FATORES_MESSAGES.obrigatorio,
        autoClose: 10_000,
      });
      if (pathname !== PERFIL_PATH) void navigate(PERFIL_PATH);
    };
    return () => {
      aoExigir = null;
    };
  }, [navigate, pathname]);
}
