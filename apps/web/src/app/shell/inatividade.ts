import { useEffect } from 'react';
import { usePreferencias } from '../../api/configuracoes';
import { useSession } from '../../lib/session';

/** The last activity in any tab of this browser, so a tab in use keeps the others signed in. */
const ATIVIDADE_KEY = 'prumo-ultima-atividade';
const EVENTOS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Activity is written at most this often; the idle time is checked this often. */
const INTERVALO_MS = 15_000;

function ultimaAtividade(): number {
  return Number(localStorage.getItem(ATIVIDADE_KEY)) || Date.now();
}

/**
 * Automatic logout (Configurações → Segurança): after the company's idle minutes without a
 * key, click or touch in any tab, the browser signs out (the server ends the session too).
 */
export function useLogoutPorInatividade(): void {
  const minutos = usePreferencias().data?.inatividade_minutos;
  const { logout } = useSession();
  useEffect(() => {
    if (!minutos) return;
    let escrito = 0;
    const registrar = () => {
      if (Date.now() - escrito < INTERVALO_MS) return;
      escrito = Date.now();
      localStorage.setItem(ATIVIDADE_KEY, String(escrito));
    };
    registrar();
    for (const evento of EVENTOS) window.addEventListener(evento, registrar, { passive: true });
    const verificar = window.setInterval(() => {
      if (Date.now() - ultimaAtividade() >= minutos * 60_000) logout();
    }, INTERVALO_MS);
    return () => {
      for (const evento of EVENTOS) window.removeEventListener(evento, registrar);
      window.clearInterval(verificar);
    };
  }, [minutos, logout]);
}
